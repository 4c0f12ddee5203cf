// Typed WeCom server-API client: tokens, retries, rate limiting and cursor pagination in one place.
// Request and response fields keep WeCom's own names (see shared/research/wecom-api.md).
// This file is the engine (WecomClient: tokens, the limiter, retries) and the package's one import path for
// the API: the calls live per WeCom domain in corp/*.ts, provider.ts and license.ts, the wire types in wire/*.ts.
import { CORP_TOKEN_INVALID, digest, type CallSpec, type TokenSource } from './calls';
import { CorpApi } from './corp';
import { WecomError } from './errors';
import { LicenseApi, type LicenseOptions } from './license';
import { MemoryRateLimiter, type RateLimiter } from './limiter';
import { ProviderApi, type ProviderOptions } from './provider';
import { httpTransport, type Transport } from './transport';
import type { WecomResponse } from './wire/common';

export { CorpApi } from './corp';
export { LicenseApi, type LicenseOptions } from './license';
export { ProviderApi, type ProviderOptions } from './provider';
export * from './wire/common';
export * from './wire/provider';
export * from './wire/contacts';
export * from './wire/external-contact';
export * from './wire/contact-way';
export * from './wire/tag';
export * from './wire/group-chat';
export * from './wire/message';
export * from './wire/moment';
export * from './wire/media';
export * from './wire/app-message';
export * from './wire/license';

// ---------------------------------------------------------------- options

export interface CachedToken {
  token: string;
  /** Epoch ms after which the token is not used any more (already shortened by the early-expiry margin). */
  expiresAt: number;
}

/** Where tokens live; in memory by default, injectable so processes can share them later. */
export interface TokenStore {
  get(key: string): Promise<CachedToken | undefined> | CachedToken | undefined;
  set(key: string, value: CachedToken): Promise<void> | void;
  delete(key: string): Promise<void> | void;
}

export class MemoryTokenStore implements TokenStore {
  private readonly map = new Map<string, CachedToken>();
  get(key: string) {
    return this.map.get(key);
  }
  set(key: string, value: CachedToken) {
    this.map.set(key, value);
  }
  delete(key: string) {
    this.map.delete(key);
  }
}

export interface CallInfo {
  /** The corp the call is for (suite id for suite calls, provider corp id for licence calls). */
  corpId: string;
  /** Path under the base URL, e.g. `externalcontact/get`. */
  path: string;
  /** 0 on success; -1 for a network error or a non-200 answer. */
  errcode: number;
  /** 1 for the first try of this call, counting every retry. */
  attempt: number;
  ms: number;
}

export interface RetryPolicy {
  /** Retries after -1 (system busy, network error, non-200). Default 3. */
  busyRetries: number;
  /** First back-off after -1, doubled each time. Default 500 ms. */
  busyBaseMs: number;
  /** Retries after 45009/45033 (frequency/concurrency limit). Default 8. */
  rateLimitRetries: number;
  /** First back-off after 45009/45033, doubled each time. Default 1 s. */
  rateLimitBaseMs: number;
  /** Cap of the 45009/45033 back-off. Default 60 s (WeCom's minute-level block). */
  rateLimitMaxMs: number;
}

export interface WecomClientOptions {
  /** `https://qyapi.weixin.qq.com/cgi-bin` or `${SIM_URL}/qyapi/cgi-bin`. */
  baseUrl: string;
  /** How calls reach WeCom; default kept-alive node:http(s) connections (transport.ts). */
  transport?: Transport;
  sleep?: (ms: number) => Promise<void>;
  /** Epoch ms. */
  now?: () => number;
  tokenStore?: TokenStore;
  limiter?: RateLimiter;
  onCall?: (info: CallInfo) => void;
  retry?: Partial<RetryPolicy>;
  /** A token is refreshed this long before `expires_in` runs out. Default 5 min. */
  tokenEarlyExpiryMs?: number;
  /** A call without an answer after this long is abandoned (as -1). Default 30 s; uploads get 4×. */
  timeoutMs?: number;
}

// ---------------------------------------------------------------- the engine

const DEFAULT_RETRY: RetryPolicy = {
  busyRetries: 3,
  busyBaseMs: 500,
  rateLimitRetries: 8,
  rateLimitBaseMs: 1000,
  rateLimitMaxMs: 60_000,
};

const RATE_LIMITED = new Set([45009, 45033]);
/**
 * Calls that make something new each time. Without an answer (a timeout, a dropped connection) WeCom
 * may have done it, so the client does not try again: the caller finds out (e.g. a contact way by its
 * state) or the job fails visibly. An answer of -1 (busy) means it was not done and is retried.
 */
const CREATES = new Set([
  'externalcontact/add_contact_way',
  'externalcontact/add_msg_template',
  'externalcontact/add_moment_task',
  'externalcontact/add_corp_tag',
  'externalcontact/groupchat/add_join_way',
]);

export class WecomClient {
  readonly baseUrl: string;
  private readonly transport: Transport;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly tokens: TokenStore;
  private readonly limiter: RateLimiter;
  private readonly onCall?: (info: CallInfo) => void;
  private readonly retry: RetryPolicy;
  private readonly earlyMs: number;
  private readonly timeoutMs: number;
  private readonly inflight = new Map<string, Promise<string>>();

  constructor(opts: WecomClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.transport = opts.transport ?? httpTransport();
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = opts.now ?? Date.now;
    this.tokens = opts.tokenStore ?? new MemoryTokenStore();
    this.limiter = opts.limiter ?? new MemoryRateLimiter({ now: this.now, sleep: this.sleep });
    this.onCall = opts.onCall;
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.earlyMs = opts.tokenEarlyExpiryMs ?? 5 * 60_000;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
  }

  /** A self-built or 代开发 app (for 代开发 the secret is the permanent_code). */
  corp(opts: { corpId: string; secret: string }): CorpApi {
    const { corpId, secret } = opts;
    return new CorpApi(
      this,
      corpId,
      this.tokenSource(`corp:${corpId}:${digest(secret)}`, 'access_token', CORP_TOKEN_INVALID, async () => ({
        corpId,
        path: 'gettoken',
        method: 'GET',
        query: { corpid: corpId, corpsecret: secret },
      })),
    );
  }

  provider(opts: ProviderOptions): ProviderApi {
    return new ProviderApi(this, opts);
  }

  /** A corp that authorised the provider's third-party app; its token comes from service/get_corp_token. */
  authorizedCorp(provider: ProviderApi, opts: { corpId: string; permanentCode: string }): CorpApi {
    const { corpId, permanentCode } = opts;
    return new CorpApi(this, corpId, {
      key: `authcorp:${provider.suiteId}:${corpId}:${digest(permanentCode)}`,
      param: 'access_token',
      invalid: CORP_TOKEN_INVALID,
      fetch: async () => {
        const body = await provider.getCorpToken(corpId, permanentCode);
        return { token: body.access_token, expiresIn: body.expires_in };
      },
    });
  }

  /** Interface-licence (接口许可) calls, made with the provider_access_token. */
  license(opts: LicenseOptions): LicenseApi {
    const { providerCorpId, providerSecret } = opts;
    const key = `provider:${providerCorpId}:${digest(providerSecret)}`;
    return new LicenseApi(
      this,
      providerCorpId,
      this.tokenSource(key, 'provider_access_token', CORP_TOKEN_INVALID, async () => ({
        corpId: providerCorpId,
        path: 'service/get_provider_token',
        method: 'POST',
        body: { corpid: providerCorpId, provider_secret: providerSecret },
      })),
    );
  }

  /**
   * @internal A token that one WeCom call (described by `call`, built at each fetch) answers as
   * `{ [param]: token, expires_in }`.
   */
  tokenSource(key: string, param: TokenSource['param'], invalid: readonly number[], call: () => Promise<CallSpec>): TokenSource {
    return {
      key,
      param,
      invalid,
      fetch: async () => {
        const body = await this.request<WecomResponse & Partial<Record<TokenSource['param'], string>> & { expires_in: number }>(
          await call(),
        );
        return { token: body[param] as string, expiresIn: body.expires_in };
      },
    };
  }

  /** @internal A token, from the store or fetched once for all concurrent callers. */
  async token(source: TokenSource): Promise<string> {
    const refreshing = this.inflight.get(source.key);
    if (refreshing) return refreshing;
    const cached = await this.tokens.get(source.key);
    if (cached && cached.expiresAt > this.now()) return cached.token;
    let pending = this.inflight.get(source.key);
    if (!pending) {
      pending = (async () => {
        try {
          const { token, expiresIn } = await source.fetch();
          const lifeMs = expiresIn * 1000;
          // Refresh early; a token that lives less than the margin is used for half its life.
          const useMs = lifeMs > this.earlyMs ? lifeMs - this.earlyMs : lifeMs / 2;
          await this.tokens.set(source.key, { token, expiresAt: this.now() + useMs });
          return token;
        } finally {
          this.inflight.delete(source.key);
        }
      })();
      this.inflight.set(source.key, pending);
    }
    return pending;
  }

  private async dropToken(source: TokenSource, token: string): Promise<void> {
    // Only drop what we used: another caller may already have stored a fresh one.
    const cached = await this.tokens.get(source.key);
    if (cached?.token === token) await this.tokens.delete(source.key);
  }

  /**
   * @internal One WeCom call with every policy: limiter, token, refresh-once on an invalid token,
   * back-off on -1 and on 45009/45033. Returns the body when errcode is 0, else throws WecomError.
   */
  async request<T extends WecomResponse>(req: CallSpec): Promise<T> {
    let refreshed = false;
    let busy = 0;
    let limited = 0;
    for (let attempt = 1; ; attempt++) {
      await this.limiter.acquire(req.corpId, req.path);
      const token = req.token ? await this.token(req.token) : undefined;
      const url = new URL(`${this.baseUrl}/${req.path}`);
      if (req.token && token !== undefined) url.searchParams.set(req.token.param, token);
      for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));

      const started = this.now();
      let errcode: number;
      let errmsg: string;
      let body: (WecomResponse & Record<string, unknown>) | undefined;
      let notFound = false;
      let unanswered = false;
      const timeoutMs = req.form ? this.timeoutMs * 4 : this.timeoutMs;
      try {
        const res = await this.transport({
          url,
          method: req.method,
          body: req.form || req.method === 'GET' ? undefined : JSON.stringify(req.body ?? {}),
          form: req.form?.(),
          timeoutMs,
          idempotent: !CREATES.has(req.path),
        });
        if (res.status !== 200) {
          errcode = -1;
          errmsg = `HTTP ${res.status}`;
          notFound = res.status === 404;
        } else {
          body = JSON.parse(res.text) as WecomResponse & Record<string, unknown>;
          errcode = typeof body.errcode === 'number' ? body.errcode : 0;
          errmsg = typeof body.errmsg === 'string' ? body.errmsg : '';
        }
      } catch (err) {
        errcode = -1;
        unanswered = true;
        errmsg = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : err instanceof Error ? err.message : String(err);
      }
      this.onCall?.({ corpId: req.corpId, path: req.path, errcode, attempt, ms: this.now() - started });
      if (unanswered && CREATES.has(req.path)) throw new WecomError(-1, errmsg, req.path, { unanswered: true });

      if (errcode === 0 && body) return body as unknown as T;
      if (req.token && token !== undefined && req.token.invalid.includes(errcode) && !refreshed) {
        refreshed = true;
        await this.dropToken(req.token, token);
        continue;
      }
      // A missing path will not appear by retrying.
      if (errcode === -1 && !notFound && busy < this.retry.busyRetries) {
        await this.sleep(this.retry.busyBaseMs * 2 ** busy++);
        continue;
      }
      if (RATE_LIMITED.has(errcode) && limited < this.retry.rateLimitRetries) {
        await this.sleep(Math.min(this.retry.rateLimitBaseMs * 2 ** limited++, this.retry.rateLimitMaxMs));
        continue;
      }
      throw new WecomError(errcode, errmsg, req.path);
    }
  }
}
