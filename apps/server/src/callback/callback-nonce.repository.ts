// SQL of the signed callback requests already seen (callback_nonce), shared by every server process.
import type { Database } from '../db/database.js';

export class CallbackNonceRepository {
  constructor(private readonly database: Database) {}

  /** Records `key` unless it is there already; true when this call recorded it. */
  async insertOnce(key: string, expiresAt: number): Promise<boolean> {
    const row = await this.database.kysely
      .insertInto('callback_nonce')
      .values({ key, expires_at: expiresAt })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    return Boolean(row);
  }

  async delete(key: string): Promise<void> {
    await this.database.kysely.deleteFrom('callback_nonce').where('key', '=', key).execute();
  }

  /** Seen requests whose timestamps can no longer pass. */
  async deleteExpired(now: number): Promise<void> {
    await this.database.kysely.deleteFrom('callback_nonce').where('expires_at', '<', now).execute();
  }
}
