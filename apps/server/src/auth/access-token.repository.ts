// SQL of the sister platforms' access tokens (access_token), read with the session that asked for one.
import type { Insertable } from 'kysely';
import type { Database } from '../db/database.js';
import { affected } from '../db/database.js';
import type { AccessTokenTable } from '../db/tables.js';

/** A token with what its exchange checks: its session's state and its account's. */
export interface AccessTokenExchangeRow {
  audience: string;
  expires_at: number;
  used_at: number | null;
  account_id: number;
  session_expires_at: number;
  session_revoked_at: number | null;
  parent_id: number | null;
  account: string | null;
  nickname: string;
  disabled: number;
  main_id: number | null;
  main_disabled: number | null;
}

export class AccessTokenRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  async insert(row: Insertable<AccessTokenTable>): Promise<void> {
    await this.db.insertInto('access_token').values(row).execute();
  }

  findForExchange(tokenHash: string): Promise<AccessTokenExchangeRow | undefined> {
    return this.db
      .selectFrom('access_token as t')
      .innerJoin('session as s', 's.token_hash', 't.session_hash')
      .innerJoin('account as a', 'a.id', 't.account_id')
      .leftJoin('account as p', 'p.id', 'a.parent_id')
      .select([
        't.audience',
        't.expires_at',
        't.used_at',
        't.account_id',
        's.expires_at as session_expires_at',
        's.revoked_at as session_revoked_at',
        'a.parent_id',
        'a.account',
        'a.nickname',
        'a.disabled',
        'p.id as main_id',
        'p.disabled as main_disabled',
      ])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Uses a token up: true for the one caller that did (parallel exchanges of one token: one wins). */
  async markUsed(tokenHash: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('access_token')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return affected(r) === 1;
  }
}
