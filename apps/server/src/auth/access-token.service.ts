// GET /api/get_access_token: a short-lived token for one sister platform of the apps grid (spec §1, PRODUCT.md
// "Sister platforms"). The browser opens the platform with it; the platform's server exchanges it once
// (POST /api/access_token/exchange) for who the user is. A token is
// - short-lived (ACCESS_TOKEN_TTL_MS), single-use, and only its SHA-256 is stored;
// - scoped to one audience, the sister app's id, checked at the exchange (with the app's secret when one is configured);
// - tied to the session that asked: revoking or ending that session (退出登录, 退出该设备, a password change,
//   a disabled account) refuses its tokens.
import type { AccessTokenData, AccessTokenIdentity } from '@scrm/contracts/user-centre';
import { sisterAppId, type SisterApp } from '@scrm/contracts/config';
import { AppError } from '../http/errors.js';
import type { AccessTokenRepository } from './access-token.repository.js';
import type { AuthContext } from './session.service.js';
import { newToken, safeEqual, sha256Hex } from './tokens.js';

export const ACCESS_TOKEN_TTL_MS = 5 * 60_000;

export interface SisterAppEntry {
  id: string;
  url: string;
  secret: string | undefined;
}

/** One answer for every refusal of a token, so that the exchange tells nothing about why. */
const invalid = () => new AppError(401, '访问令牌无效或已过期');

export class AccessTokenService {
  constructor(
    private readonly tokens: AccessTokenRepository,
    private readonly apps: readonly SisterAppEntry[],
  ) {}

  /** The config's apps with their ids and secrets. */
  static entries(apps: readonly SisterApp[], secrets: Record<string, string>): SisterAppEntry[] {
    return apps.map((app, i) => {
      const id = sisterAppId(app, i);
      return { id, url: app.url, secret: secrets[id] };
    });
  }

  private app(id: string): SisterAppEntry | undefined {
    return this.apps.find((a) => a.id === id);
  }

  async issue(caller: AuthContext, appId: string): Promise<AccessTokenData> {
    const app = this.app(appId);
    if (!app) throw new AppError(400, '应用不存在');
    const token = newToken();
    const now = Date.now();
    await this.tokens.insert({
      token_hash: sha256Hex(token),
      session_hash: caller.tokenHash,
      account_id: caller.accountId,
      audience: app.id,
      created_at: now,
      expires_at: now + ACCESS_TOKEN_TTL_MS,
      used_at: null,
    });
    return { accessToken: token, expiresIn: ACCESS_TOKEN_TTL_MS / 1000, app: app.id, url: app.url };
  }

  /** The sister platform's server: `bearer` is its secret (required when SISTER_APP_SECRETS names one for the app). */
  async exchange(body: { accessToken: string; app: string }, bearer: string | null): Promise<AccessTokenIdentity> {
    const app = this.app(body.app);
    if (!app) throw invalid();
    if (app.secret !== undefined && (bearer === null || !safeEqual(bearer, app.secret))) throw new AppError(401, '应用密钥错误');
    const hash = sha256Hex(body.accessToken);
    const row = await this.tokens.findForExchange(hash);
    const now = Date.now();
    if (
      !row ||
      row.audience !== app.id ||
      row.used_at !== null ||
      Number(row.expires_at) <= now ||
      row.session_revoked_at !== null ||
      Number(row.session_expires_at) <= now ||
      row.disabled ||
      (row.parent_id !== null && (row.main_id === null || row.main_disabled))
    ) {
      throw invalid();
    }
    if (!(await this.tokens.markUsed(hash, now))) throw invalid();
    return {
      app: app.id,
      accountId: row.account_id,
      mainAccountId: row.parent_id ?? row.account_id,
      isChild: row.parent_id !== null,
      account: row.account ?? '',
      nickname: row.nickname,
    };
  }
}
