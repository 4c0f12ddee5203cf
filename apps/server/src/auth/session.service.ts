// Issues, resolves and revokes login sessions.
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { parseIds, parseKeys } from '../db/database.js';
import { AppError, Errors } from '../http/errors.js';
import { newToken, sha256Hex } from './tokens.js';
import type { SessionAccountRow, SessionRepository } from './session.repository.js';
import type { SessionCache } from './session-cache.js';
import { deviceOf } from './user-agent.js';
import type { LoginSession } from '@scrm/contracts/user-centre';

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
/** A session's last_seen_at is written at most this often (by the first request after it goes stale). */
export const LAST_SEEN_EVERY_MS = 60_000;

/** The handle the user centre shows for a session: derived from the token's hash, and not reversible to it. */
export const sessionHandle = (tokenHash: string): string => sha256Hex(`session:${tokenHash}`).slice(0, 32);

export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly ttlDays: number,
    /** Resolved sessions kept in this process, never used past a change (session-cache.ts). */
    private readonly cache?: SessionCache,
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
    const row = await this.lookup(tokenHash);
    if (!row || row.revoked_at !== null || row.expires_at <= Date.now() || row.disabled) throw Errors.notLoggedIn();
    if (row.parent_id !== null && (row.main_id === null || row.main_disabled)) throw Errors.notLoggedIn();
    await this.seen(tokenHash, row);
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

  /**
   * Last seen: the lookup already read the stored time, so a request costs nothing more until it is a minute
   * old; then one conditional UPDATE. A failed write costs the request nothing (the time is only shown).
   */
  private async seen(tokenHash: string, row: SessionAccountRow): Promise<void> {
    const now = Date.now();
    if (now - (row.last_seen_at ?? row.created_at) < LAST_SEEN_EVERY_MS) return;
    // A kept row shares this object: the requests after this one see the new time, and write none.
    row.last_seen_at = now;
    try {
      await this.sessions.touch(tokenHash, now, now - LAST_SEEN_EVERY_MS);
    } catch {
      /* shown only: the next request tries again */
    }
  }

  private async lookup(tokenHash: string): Promise<SessionAccountRow | undefined> {
    const cache = this.cache;
    if (!cache) return this.sessions.findWithAccount(tokenHash);
    const now = Date.now();
    // Read before the row: a write between the two makes the row kept under an older mark (read again).
    // (PostgreSQL's mark is '' at once: no turn of the event loop for it on every call.)
    const pending = cache.mark();
    const mark = typeof pending === 'string' ? pending : await pending;
    const kept = cache.get(tokenHash, now, mark);
    if (kept) return kept;
    const generation = cache.begin();
    const row = await this.sessions.findWithAccount(tokenHash);
    if (row && row.revoked_at === null) cache.keep(tokenHash, row, generation, now, mark);
    return row;
  }

  revoke(tokenHash: string, db?: Kysely<DB>): Promise<void> {
    return this.sessions.revoke(tokenHash, Date.now(), db);
  }

  revokeAllOf(accountId: number, exceptHash: string | null, db?: Kysely<DB>): Promise<number> {
    return this.sessions.revokeAllOf(accountId, Date.now(), exceptHash, db);
  }

  /** The caller's live sessions, the current one first, then the most recently active. */
  async list(caller: AuthContext): Promise<LoginSession[]> {
    const rows = await this.sessions.listLive(caller.accountId, Date.now());
    return rows
      .map((r) => ({
        id: sessionHandle(r.token_hash),
        device: deviceOf(r.user_agent),
        userAgent: r.user_agent,
        ip: r.ip,
        createdAt: Number(r.created_at),
        lastSeenAt: Number(r.last_seen_at ?? r.created_at),
        current: r.token_hash === caller.tokenHash,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt || b.createdAt - a.createdAt);
  }

  /** Ends one of the caller's own other sessions, named by its handle; the current one is left to 退出登录. */
  async revokeOwn(caller: AuthContext, handle: string): Promise<void> {
    if (handle === sessionHandle(caller.tokenHash)) throw new AppError(400, '不能退出当前设备，请使用「退出登录」');
    const rows = await this.sessions.listLive(caller.accountId, Date.now());
    const row = rows.find((r) => sessionHandle(r.token_hash) === handle);
    if (!row || !(await this.sessions.revokeOwn(caller.accountId, row.token_hash, Date.now()))) {
      throw new AppError(404, '该登录设备不存在或已退出');
    }
  }
}
