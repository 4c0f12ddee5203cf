// SQL of distributor_session: the portal's own sessions (never the account `session` table).
import type { Database } from '../db/database.js';
import { affected } from '../db/database.js';

export interface DistributorSessionRow {
  distributor_id: number;
  expires_at: number;
  revoked_at: number | null;
  disabled: number;
}

export class DistributorSessionRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  async insert(row: { token_hash: string; distributor_id: number; created_at: number; expires_at: number; ip: string; user_agent: string }): Promise<void> {
    await this.db.insertInto('distributor_session').values({ ...row, revoked_at: null }).execute();
  }

  /** The session and whether its distributor is disabled, in one round trip. */
  async find(tokenHash: string): Promise<DistributorSessionRow | undefined> {
    const row = await this.db
      .selectFrom('distributor_session as s')
      .innerJoin('distributor as d', 'd.id', 's.distributor_id')
      .select(['s.distributor_id', 's.expires_at', 's.revoked_at', 'd.disabled'])
      .where('s.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && { ...row, expires_at: Number(row.expires_at), revoked_at: row.revoked_at === null ? null : Number(row.revoked_at), disabled: Number(row.disabled) };
  }

  async revoke(tokenHash: string, now: number): Promise<void> {
    await this.db.updateTable('distributor_session').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
  }

  async revokeAllOf(distributorId: number, now: number): Promise<number> {
    const r = await this.db.updateTable('distributor_session').set({ revoked_at: now }).where('distributor_id', '=', distributorId).where('revoked_at', 'is', null).executeTakeFirst();
    return affected(r);
  }

  /** Daily cleanup: sessions past their term or revoked a day ago. */
  async deleteExpired(now: number): Promise<void> {
    await this.db
      .deleteFrom('distributor_session')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', '<', now - 86_400_000)]))
      .execute();
  }
}
