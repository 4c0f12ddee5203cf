// SQL of the signed callback requests already seen (callback_nonce), shared by every server process.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { batchStatement } from '../db/statement.js';
import type { DB } from '../db/tables.js';

/** Every signed request's key (a delivery's batch of them at once), built once per batch size. */
const insertNonces = batchStatement((db, rows: Array<{ key: string; expiresAt: number }>) =>
  db
    .insertInto('callback_nonce')
    .values(rows.map((r) => ({ key: r.key, expires_at: r.expiresAt })))
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key'),
);

export class CallbackNonceRepository {
  constructor(private readonly database: Database) {}

  /** Records `key` unless it is there already; true when this call recorded it. */
  async insertOnce(key: string, expiresAt: number): Promise<boolean> {
    return (await insertNonces.rows(this.database.kysely, [{ key, expiresAt }])).length > 0;
  }

  /** Records the keys not there already (each key once); returns those this call recorded. */
  async insertMany(rows: Array<{ key: string; expiresAt: number }>, executor: Kysely<DB> | Transaction<DB> = this.database.kysely): Promise<Set<string>> {
    if (!rows.length) return new Set();
    return new Set((await insertNonces.rows(executor, rows)).map((r) => r.key));
  }

  async delete(key: string): Promise<void> {
    await this.database.kysely.deleteFrom('callback_nonce').where('key', '=', key).execute();
  }

  /** Seen requests whose timestamps can no longer pass. */
  async deleteExpired(now: number): Promise<void> {
    await this.database.kysely.deleteFrom('callback_nonce').where('expires_at', '<', now).execute();
  }
}
