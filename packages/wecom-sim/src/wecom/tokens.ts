// Access tokens of corps, suites and the provider: 7200 s, the same token while valid, and
// invalidated early on demand (an expired token answers 42001 / 42009, an unknown one 40014 / 40082).
import { randomBytes } from 'node:crypto';

export type TokenKind = 'corp' | 'suite' | 'provider';
/** What a corp token may do: app (customer contact), contact (contacts sync), third (provider app), customized (代开发). */
export type TokenScope = 'app' | 'contact' | 'third' | 'customized' | 'suite' | 'provider';

export interface TokenInfo {
  token: string;
  kind: TokenKind;
  /** corpid for corp tokens, suite id for suite tokens, provider corpid for provider tokens. */
  subject: string;
  scope: TokenScope;
  expiresAt: number;
}

export const TOKEN_TTL_S = 7200;

export class TokenStore {
  private byToken = new Map<string, TokenInfo>();
  private current = new Map<string, TokenInfo>();

  constructor(private readonly ttlS = TOKEN_TTL_S) {}

  /** The live token for this credential, or a new one; `key` names the credential (corp + secret). */
  issue(key: string, kind: TokenKind, subject: string, scope: TokenScope, now = Date.now()): { token: string; expires_in: number } {
    const live = this.current.get(key);
    if (live && live.expiresAt > now) return { token: live.token, expires_in: Math.ceil((live.expiresAt - now) / 1000) };
    const token = randomBytes(48).toString('base64url');
    const info: TokenInfo = { token, kind, subject, scope, expiresAt: now + this.ttlS * 1000 };
    this.byToken.set(token, info);
    this.current.set(key, info);
    if (this.byToken.size > 50_000) this.prune(now);
    return { token, expires_in: this.ttlS };
  }

  /** The token's info, 'expired', or 'invalid'. */
  check(token: string | undefined, kind: TokenKind, now = Date.now()): TokenInfo | 'expired' | 'invalid' {
    const info = token ? this.byToken.get(token) : undefined;
    if (!info || info.kind !== kind) return 'invalid';
    return info.expiresAt > now ? info : 'expired';
  }

  peek(token: string | undefined): TokenInfo | undefined {
    return token ? this.byToken.get(token) : undefined;
  }

  /** Makes tokens of one subject (or all) expired now; returns how many. */
  expire(subject?: string, now = Date.now()): number {
    let n = 0;
    for (const info of this.byToken.values()) {
      if ((subject === undefined || info.subject === subject) && info.expiresAt > now) {
        info.expiresAt = now;
        n++;
      }
    }
    return n;
  }

  clear() {
    this.byToken.clear();
    this.current.clear();
  }

  private prune(now: number) {
    for (const [t, info] of this.byToken) if (info.expiresAt < now - 86_400_000) this.byToken.delete(t);
  }
}
