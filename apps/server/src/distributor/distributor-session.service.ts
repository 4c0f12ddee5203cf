// The distributors' sessions: issued at the portal's login, resolved by the auth hook on distributor
// routes only (auth/auth.hook.ts), revoked at logout or when the distributor is disabled.
import type { ClientInfo } from '../auth/session.service.js';
import type { DistributorAuthenticator, DistributorCaller } from '../auth/auth.hook.js';
import { newToken, sha256Hex } from '../auth/tokens.js';
import { Errors } from '../http/errors.js';
import type { DistributorSessionRepository } from './distributor-session.repository.js';

const DAY_MS = 86_400_000;

export class DistributorSessionService implements DistributorAuthenticator {
  constructor(
    private readonly sessions: DistributorSessionRepository,
    private readonly ttlDays: number,
  ) {}

  async issue(distributorId: number, client: ClientInfo): Promise<string> {
    const token = newToken();
    const now = Date.now();
    await this.sessions.insert({
      token_hash: sha256Hex(token),
      distributor_id: distributorId,
      created_at: now,
      expires_at: now + this.ttlDays * DAY_MS,
      ip: client.ip.slice(0, 64),
      user_agent: client.userAgent.slice(0, 512),
    });
    return token;
  }

  /** A missing, unknown (an account's token included), expired or revoked token, or a disabled distributor: 401. */
  async authenticate(token: string): Promise<DistributorCaller> {
    const tokenHash = sha256Hex(token);
    const row = await this.sessions.find(tokenHash);
    if (!row || row.revoked_at !== null || row.expires_at <= Date.now() || row.disabled) throw Errors.notLoggedIn();
    return { distributorId: row.distributor_id, tokenHash };
  }

  revoke(caller: DistributorCaller): Promise<void> {
    return this.sessions.revoke(caller.tokenHash, Date.now());
  }

  revokeAllOf(distributorId: number): Promise<number> {
    return this.sessions.revokeAllOf(distributorId, Date.now());
  }

  purgeExpired(now: number): Promise<void> {
    return this.sessions.deleteExpired(now);
  }
}
