// SQL of the session table. The token lookup is the hot path of every authenticated call:
// on SQLite it is one statement prepared once; on PostgreSQL it is a plain Kysely query.
import type { Kysely } from 'kysely';
import type { Statement } from 'better-sqlite3';
import type { Database } from '../db/database.js';
import { affected } from '../db/database.js';
import type { DB } from '../db/tables.js';

/** What the auth hook needs about the caller, read in one round trip. */
export interface SessionAccountRow {
  account_id: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number | null;
  revoked_at: number | null;
  parent_id: number | null;
  account: string | null;
  phone: string | null;
  nickname: string;
  gzh_openid: string | null;
  permission_keys: string;
  disabled: number;
  /** A child's main account: its id (null when gone) and flag; both null for a main account. */
  main_id: number | null;
  main_disabled: number | null;
}

/** A live session as the user centre lists it. */
export interface LiveSessionRow {
  token_hash: string;
  created_at: number;
  last_seen_at: number | null;
  ip: string;
  user_agent: string;
}

const LOOKUP_SQL = `select s.account_id, s.created_at, s.expires_at, s.last_seen_at, s.revoked_at, a.parent_id, a.account, a.phone, a.nickname,
  a.gzh_openid, a.permission_keys, a.disabled, p.id as main_id, p.disabled as main_disabled
  from session s join account a on a.id = s.account_id left join account p on p.id = a.parent_id
  where s.token_hash = ?`;

export class SessionRepository {
  private lookupStmt: Statement<[string], SessionAccountRow> | undefined;

  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  async findWithAccount(tokenHash: string): Promise<SessionAccountRow | undefined> {
    const sqlite = this.database.sqlite;
    if (sqlite) {
      // Prepared on first use (the tables exist by then), then reused for every request.
      this.lookupStmt ??= sqlite.prepare<[string], SessionAccountRow>(LOOKUP_SQL);
      return this.lookupStmt.get(tokenHash);
    }
    return this.db
      .selectFrom('session as s')
      .innerJoin('account as a', 'a.id', 's.account_id')
      .leftJoin('account as p', 'p.id', 'a.parent_id')
      .select([
        's.account_id',
        's.created_at',
        's.expires_at',
        's.last_seen_at',
        's.revoked_at',
        'a.parent_id',
        'a.account',
        'a.phone',
        'a.nickname',
        'a.gzh_openid',
        'a.permission_keys',
        'a.disabled',
        'p.id as main_id',
        'p.disabled as main_disabled',
      ])
      .where('s.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async insert(
    row: { token_hash: string; account_id: number; created_at: number; expires_at: number; ip: string; user_agent: string },
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    await db.insertInto('session').values({ ...row, revoked_at: null }).execute();
  }

  async revoke(tokenHash: string, now: number, db: Kysely<DB> = this.db): Promise<void> {
    await db.updateTable('session').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
  }

  /** Revokes every live session of an account, except the one given; how many it ended. */
  async revokeAllOf(accountId: number, now: number, exceptHash: string | null, db: Kysely<DB> = this.db): Promise<number> {
    let q = db.updateTable('session').set({ revoked_at: now }).where('account_id', '=', accountId).where('revoked_at', 'is', null);
    if (exceptHash) q = q.where('token_hash', '!=', exceptHash);
    return affected(await q.executeTakeFirst());
  }

  /** Revokes one live session, only if it is this account's; whether it did. */
  async revokeOwn(accountId: number, tokenHash: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('session')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return affected(r) === 1;
  }

  /** An account's sessions neither revoked nor expired (through session_account_idx). */
  listLive(accountId: number, now: number): Promise<LiveSessionRow[]> {
    return this.db
      .selectFrom('session')
      .select(['token_hash', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
  }

  /**
   * Records activity: one UPDATE, and only when the stored time is older than `staleBefore`, so parallel
   * requests (or processes) that all saw an old time write at most once between them.
   */
  async touch(tokenHash: string, now: number, staleBefore: number): Promise<void> {
    await this.db
      .updateTable('session')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', staleBefore)]))
      .execute();
  }

  /** Daily cleanup: sessions past their expiry, and access tokens past theirs. */
  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('access_token').where('expires_at', '<', now).execute();
    await this.db.deleteFrom('session').where('expires_at', '<', now).execute();
  }
}
