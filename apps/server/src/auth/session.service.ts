// Issues, resolves and revokes login sessions.
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { parseIds, parseKeys } from '../db/database.js';
import { Errors } from '../http/errors.js';
import { newToken, sha256Hex } from './tokens.js';
import type { SessionRepository } from './session.repository.js';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** The caller of an authenticated request. */
export interface AuthContext {
  accountId: number;
  parentId: number | null;
  isChild: boolean;
  account: string;
  phone: string;
  nickname: string;
  gzhOpenid: string | null;
  /** A child's keys: its role's, as read with this request's session. */
  permissionKeys: string[];
  /** The work spaces a child may see; null: all of its main account's (and always for a main account). */
  workSpaceIds: number[] | null;
  tokenHash: string;
}

const DAY_MS = 86_400_000;

export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly ttlDays: number,
  ) {}

  /** Creates a session and returns the token; only its hash is stored. */
  async issue(accountId: number, client: ClientInfo, db?: Kysely<DB>): Promise<string> {
    const token = newToken();
    const now = Date.now();
    await this.sessions.insert(
      {
        token_hash: sha256Hex(token),
        account_id: accountId,
        created_at: now,
        expires_at: now + this.ttlDays * DAY_MS,
        ip: client.ip.slice(0, 64),
        user_agent: client.userAgent.slice(0, 512),
      },
      db,
    );
    return token;
  }

  /**
   * Resolves a bearer token; any missing, unknown, expired or revoked token is 401/10401, and so is
   * the token of a disabled account or of a child whose main account is disabled or gone.
   */
  async authenticate(token: string): Promise<AuthContext> {
    const tokenHash = sha256Hex(token);
    const row = await this.sessions.findWithAccount(tokenHash);
    if (!row || row.revoked_at !== null || row.expires_at <= Date.now() || row.disabled) throw Errors.notLoggedIn();
    if (row.parent_id !== null && (row.main_id === null || row.main_disabled)) throw Errors.notLoggedIn();
    return {
      accountId: row.account_id,
      parentId: row.parent_id,
      isChild: row.parent_id !== null,
      account: row.account ?? '',
      phone: row.phone ?? '',
      nickname: row.nickname,
      gzhOpenid: row.gzh_openid,
      permissionKeys: row.parent_id !== null ? parseKeys(row.role_keys) : [],
      workSpaceIds: row.parent_id !== null && !row.all_work_spaces ? parseIds(row.work_space_ids) : null,
      tokenHash,
    };
  }

  revoke(tokenHash: string): Promise<void> {
    return this.sessions.revoke(tokenHash, Date.now());
  }

  revokeAllOf(accountId: number, exceptHash: string | null, db?: Kysely<DB>): Promise<void> {
    return this.sessions.revokeAllOf(accountId, Date.now(), exceptHash, db);
  }
}
