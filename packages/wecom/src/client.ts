// Typed WeCom server-API client: tokens, retries, rate limiting and cursor pagination in one place.
// Request and response fields keep WeCom's own names (see shared/research/wecom-api.md).
import { createHash } from 'node:crypto';
import { WecomError } from './errors';
import { MemoryRateLimiter, type RateLimiter } from './limiter';
import type { WecomResponse, Paged } from './wire/common';
import type { PreAuthCodeResponse, SessionInfo, PermanentCodeResponse, CorpTokenResponse } from './wire/provider';
import type { DepartmentListResponse, UserListIdResponse, UserListResponse, UserSimpleListResponse } from './wire/contacts';
import type { FollowUserListResponse, ExternalContactListResponse, ExternalContactGetResponse, BatchGetByUserResponse, RemarkRequest, GetUserBehaviorDataRequest, GetUserBehaviorDataResponse } from './wire/external-contact';
import type { AddContactWayRequest, AddContactWayResponse, GetContactWayResponse, UpdateContactWayRequest, ListContactWayRequest, ListContactWayResponse } from './wire/contact-way';
import type { GetCorpTagListRequest, GetCorpTagListResponse, AddCorpTagRequest, AddCorpTagResponse, EditCorpTagRequest, DelCorpTagRequest, MarkTagRequest } from './wire/tag';
import type { GroupChatListRequest, GroupChatListResponse, GroupChatGetResponse } from './wire/group-chat';
import type { AddMsgTemplateRequest, AddMsgTemplateResponse, GetGroupmsgListV2Request, GetGroupmsgListV2Response, GetGroupmsgTaskResponse, GetGroupmsgSendResultResponse, SendWelcomeMsgRequest } from './wire/message';
import type { AddMomentTaskRequest, AddMomentTaskResponse, GetMomentTaskResultResponse } from './wire/moment';
import type { UploadFile, UploadMediaResponse, UploadAttachmentResponse } from './wire/media';
import type { CreateNewOrderRequest, CreateNewOrderResponse, ListOrderRequest, ListOrderResponse, GetOrderResponse, ListOrderAccountResponse, ActiveAccountRequest, BatchActiveAccountResponse, GetActiveInfoByCodeResponse, BatchGetActiveInfoByCodeResponse, ListActivedAccountResponse, GetActiveInfoByUserResponse, LicenseTransfer, BatchTransferLicenseResponse } from './wire/license';

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
  fetch?: typeof fetch;
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

// ---------------------------------------------------------------- wire types, one file per WeCom domain

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
export * from './wire/license';

// ---------------------------------------------------------------- provider and licence options

export interface ProviderOptions {
  suiteId: string;
  suiteSecret: string;
  /** The newest suite_ticket pushed to the instruction callback. */
  suiteTicket: () => Promise<string>;
}

export interface LicenseOptions {
  /** The provider's own corp id and its provider secret (服务商 Secret). */
  providerCorpId: string;
  providerSecret: string;
}

// ---------------------------------------------------------------- the engine

const DEFAULT_RETRY: RetryPolicy = {
  busyRetries: 3,
  busyBaseMs: 500,
  rateLimitRetries: 8,
  rateLimitBaseMs: 1000,
  rateLimitMaxMs: 60_000,
};

/** How one kind of token is obtained and how WeCom says it is no longer good. */
interface TokenSource {
  key: string;
  /** Query parameter that carries it. */
  param: 'access_token' | 'suite_access_token' | 'provider_access_token';
  /** errcodes meaning "this token is invalid/expired": drop, refresh once, retry. */
  invalid: readonly number[];
  fetch: () => Promise<{ token: string; expiresIn: number }>;
}

interface CallSpec {
  /** Limiter and onCall key. */
  corpId: string;
  path: string;
  method: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  /** JSON body of a POST. */
  body?: unknown;
  /** Multipart body instead, rebuilt on every try. */
  form?: () => FormData;
  token?: TokenSource;
}

const CORP_TOKEN_INVALID = [40014, 42001] as const;
const SUITE_TOKEN_INVALID = [40082, 42009] as const;
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

function digest(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 24);
}

export class WecomClient {
  readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
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
    this.fetchFn = opts.fetch ?? ((input, init) => fetch(input, init));
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
    return new CorpApi(this, corpId, {
      key: `corp:${corpId}:${digest(secret)}`,
      param: 'access_token',
      invalid: CORP_TOKEN_INVALID,
      fetch: async () => {
        const body = await this.request<CorpTokenResponse>({
          corpId,
          path: 'gettoken',
          method: 'GET',
          query: { corpid: corpId, corpsecret: secret },
        });
        return { token: body.access_token, expiresIn: body.expires_in };
      },
    });
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
    return new LicenseApi(this, providerCorpId, {
      key: `provider:${providerCorpId}:${digest(providerSecret)}`,
      param: 'provider_access_token',
      invalid: CORP_TOKEN_INVALID,
      fetch: async () => {
        const body = await this.request<WecomResponse & { provider_access_token: string; expires_in: number }>({
          corpId: providerCorpId,
          path: 'service/get_provider_token',
          method: 'POST',
          body: { corpid: providerCorpId, provider_secret: providerSecret },
        });
        return { token: body.provider_access_token, expiresIn: body.expires_in };
      },
    });
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
        const res = await this.fetchFn(url, {
          method: req.method,
          headers: req.form || req.method === 'GET' ? undefined : { 'content-type': 'application/json' },
          body: req.form ? req.form() : req.method === 'POST' ? JSON.stringify(req.body ?? {}) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (res.status !== 200) {
          await res.arrayBuffer().catch(() => undefined);
          errcode = -1;
          errmsg = `HTTP ${res.status}`;
          notFound = res.status === 404;
        } else {
          body = (await res.json()) as WecomResponse & Record<string, unknown>;
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

/** Follows next_cursor to the end; a cursor seen twice is an error rather than an endless loop. */
async function allPages<P extends Paged>(path: string, page: (cursor: string) => Promise<P>): Promise<P[]> {
  const pages: P[] = [];
  const seen = new Set<string>();
  let cursor = '';
  for (;;) {
    const p = await page(cursor);
    pages.push(p);
    const next = p.next_cursor;
    if (!next || p.has_more === 0) return pages;
    if (seen.has(next)) throw new WecomError(-1, `cursor repeated: ${next}`, path);
    seen.add(next);
    cursor = next;
  }
}

function merged<P extends Paged, K extends keyof P>(pages: P[], key: K): P {
  const last = pages[pages.length - 1];
  const all = pages.flatMap((p) => (p[key] as unknown[] | undefined) ?? []);
  return { ...last, [key]: all, next_cursor: '', ...(last.has_more === undefined ? {} : { has_more: 0 }) };
}

function uploadForm(file: UploadFile): () => FormData {
  return () => {
    const form = new FormData();
    // Copied so the part is backed by a plain ArrayBuffer (what Blob accepts).
    const blob = new Blob([new Uint8Array(file.data)], { type: file.contentType ?? 'application/octet-stream' });
    form.append('media', blob, file.name);
    return form;
  };
}

// ---------------------------------------------------------------- provider

export class ProviderApi {
  readonly suiteId: string;
  private readonly suiteToken: TokenSource;

  constructor(
    private readonly client: WecomClient,
    private readonly opts: ProviderOptions,
  ) {
    this.suiteId = opts.suiteId;
    this.suiteToken = {
      key: `suite:${opts.suiteId}:${digest(opts.suiteSecret)}`,
      param: 'suite_access_token',
      invalid: SUITE_TOKEN_INVALID,
      fetch: async () => {
        const body = await this.client.request<WecomResponse & { suite_access_token: string; expires_in: number }>({
          corpId: this.suiteId,
          path: 'service/get_suite_token',
          method: 'POST',
          body: { suite_id: this.opts.suiteId, suite_secret: this.opts.suiteSecret, suite_ticket: await this.opts.suiteTicket() },
        });
        return { token: body.suite_access_token, expiresIn: body.expires_in };
      },
    };
  }

  private call<T extends WecomResponse>(path: string, method: 'GET' | 'POST', body?: unknown): Promise<T> {
    return this.client.request<T>({ corpId: this.suiteId, path, method, body, token: this.suiteToken });
  }

  /** suite_access_token (cached, single-flight, refreshed early). */
  getSuiteToken(): Promise<string> {
    return this.client.token(this.suiteToken);
  }

  getPreAuthCode(): Promise<PreAuthCodeResponse> {
    return this.call('service/get_pre_auth_code', 'GET');
  }

  setSessionInfo(preAuthCode: string, sessionInfo: SessionInfo): Promise<WecomResponse> {
    return this.call('service/set_session_info', 'POST', { pre_auth_code: preAuthCode, session_info: sessionInfo });
  }

  /** The v2 path first; where it is not served (or fails), v1. The auth_code is single-use. */
  async getPermanentCode(authCode: string): Promise<PermanentCodeResponse> {
    try {
      return await this.call<PermanentCodeResponse>('service/v2/get_permanent_code', 'POST', { auth_code: authCode });
    } catch (err) {
      if (!(err instanceof WecomError)) throw err;
      return this.call<PermanentCodeResponse>('service/get_permanent_code', 'POST', { auth_code: authCode });
    }
  }

  getCorpToken(corpId: string, permanentCode: string): Promise<CorpTokenResponse> {
    return this.call('service/get_corp_token', 'POST', { auth_corpid: corpId, permanent_code: permanentCode });
  }
}

// ---------------------------------------------------------------- corp

export class CorpApi {
  constructor(
    private readonly client: WecomClient,
    readonly corpId: string,
    private readonly source: TokenSource,
  ) {}

  private get<T extends WecomResponse>(path: string, query?: Record<string, string | number | undefined>): Promise<T> {
    return this.client.request<T>({ corpId: this.corpId, path, method: 'GET', query, token: this.source });
  }

  private post<T extends WecomResponse>(path: string, body: unknown, query?: Record<string, string | number | undefined>): Promise<T> {
    return this.client.request<T>({ corpId: this.corpId, path, method: 'POST', body, query, token: this.source });
  }

  /** The access_token (cached, single-flight, refreshed early). */
  getAccessToken(): Promise<string> {
    return this.client.token(this.source);
  }

  departmentList(id?: number): Promise<DepartmentListResponse> {
    return this.get('department/list', { id });
  }

  /** ∞ Every member id with its departments (needs the contacts-sync secret). */
  async userListId(): Promise<UserListIdResponse> {
    const path = 'user/list_id';
    const pages = await allPages(path, (cursor) => this.post<UserListIdResponse>(path, { cursor, limit: 10_000 }));
    return merged(pages, 'dept_user');
  }

  userList(departmentId: number, fetchChild: boolean): Promise<UserListResponse> {
    return this.get('user/list', { department_id: departmentId, fetch_child: fetchChild ? 1 : 0 });
  }

  userSimpleList(departmentId: number, fetchChild: boolean): Promise<UserSimpleListResponse> {
    return this.get('user/simplelist', { department_id: departmentId, fetch_child: fetchChild ? 1 : 0 });
  }

  followUserList(): Promise<FollowUserListResponse> {
    return this.get('externalcontact/get_follow_user_list');
  }

  externalContactList(userid: string): Promise<ExternalContactListResponse> {
    return this.get('externalcontact/list', { userid });
  }

  /** ∞ A customer with every follow_user (WeCom pages them past 500). */
  async externalContactGet(externalUserid: string): Promise<ExternalContactGetResponse> {
    const path = 'externalcontact/get';
    const pages = await allPages(path, (cursor) =>
      this.get<ExternalContactGetResponse>(path, { external_userid: externalUserid, cursor: cursor || undefined }),
    );
    return { ...merged(pages, 'follow_user'), external_contact: pages[0].external_contact };
  }

  /** ∞ Every customer relation of these members: ≤100 userids per request, 100 per page, every page. */
  async batchGetByUser(userids: string[]): Promise<BatchGetByUserResponse> {
    const path = 'externalcontact/batch/get_by_user';
    const list: BatchGetByUserResponse['external_contact_list'] = [];
    const unlicensed: string[] = [];
    let last: BatchGetByUserResponse | undefined;
    for (let i = 0; i < userids.length; i += 100) {
      const chunk = userids.slice(i, i + 100);
      const pages = await allPages(path, (cursor) =>
        this.post<BatchGetByUserResponse>(path, { userid_list: chunk, cursor, limit: 100 }),
      );
      for (const p of pages) {
        list.push(...(p.external_contact_list ?? []));
        unlicensed.push(...(p.fail_info?.unlicensed_userid_list ?? []));
      }
      last = pages[pages.length - 1];
    }
    return {
      errcode: 0,
      errmsg: last?.errmsg ?? 'ok',
      external_contact_list: list,
      next_cursor: '',
      ...(unlicensed.length ? { fail_info: { unlicensed_userid_list: unlicensed } } : {}),
    };
  }

  remark(body: RemarkRequest): Promise<WecomResponse> {
    return this.post('externalcontact/remark', body);
  }

  addContactWay(body: AddContactWayRequest): Promise<AddContactWayResponse> {
    return this.post('externalcontact/add_contact_way', body);
  }

  getContactWay(configId: string): Promise<GetContactWayResponse> {
    return this.post('externalcontact/get_contact_way', { config_id: configId });
  }

  updateContactWay(body: UpdateContactWayRequest): Promise<WecomResponse> {
    return this.post('externalcontact/update_contact_way', body);
  }

  delContactWay(configId: string): Promise<WecomResponse> {
    return this.post('externalcontact/del_contact_way', { config_id: configId });
  }

  /** ∞ Every contact way (config ids) created through the API in the range. */
  async listContactWay(body: ListContactWayRequest = {}): Promise<ListContactWayResponse> {
    const path = 'externalcontact/list_contact_way';
    const pages = await allPages(path, (cursor) =>
      this.post<ListContactWayResponse>(path, { ...body, limit: body.limit ?? 1000, cursor }),
    );
    return merged(pages, 'contact_way');
  }

  getCorpTagList(body: GetCorpTagListRequest = {}): Promise<GetCorpTagListResponse> {
    return this.post('externalcontact/get_corp_tag_list', body);
  }

  addCorpTag(body: AddCorpTagRequest): Promise<AddCorpTagResponse> {
    return this.post('externalcontact/add_corp_tag', body);
  }

  editCorpTag(body: EditCorpTagRequest): Promise<WecomResponse> {
    return this.post('externalcontact/edit_corp_tag', body);
  }

  delCorpTag(body: DelCorpTagRequest): Promise<WecomResponse> {
    return this.post('externalcontact/del_corp_tag', body);
  }

  markTag(body: MarkTagRequest): Promise<WecomResponse> {
    return this.post('externalcontact/mark_tag', body);
  }

  /** ∞ Every customer group (ids and status). */
  async groupChatList(body: GroupChatListRequest = {}): Promise<GroupChatListResponse> {
    const path = 'externalcontact/groupchat/list';
    const pages = await allPages(path, (cursor) =>
      this.post<GroupChatListResponse>(path, { ...body, limit: body.limit ?? 1000, cursor }),
    );
    return merged(pages, 'group_chat_list');
  }

  groupChatGet(chatId: string, needName = false): Promise<GroupChatGetResponse> {
    return this.post('externalcontact/groupchat/get', { chat_id: chatId, need_name: needName ? 1 : 0 });
  }

  addMsgTemplate(body: AddMsgTemplateRequest): Promise<AddMsgTemplateResponse> {
    return this.post('externalcontact/add_msg_template', body);
  }

  /** ∞ Every mass message in the range. */
  async getGroupmsgListV2(body: GetGroupmsgListV2Request): Promise<GetGroupmsgListV2Response> {
    const path = 'externalcontact/get_groupmsg_list_v2';
    const pages = await allPages(path, (cursor) =>
      this.post<GetGroupmsgListV2Response>(path, { ...body, limit: body.limit ?? 100, cursor }),
    );
    return merged(pages, 'group_msg_list');
  }

  /** ∞ Every member task of a mass message. */
  async getGroupmsgTask(msgid: string): Promise<GetGroupmsgTaskResponse> {
    const path = 'externalcontact/get_groupmsg_task';
    const pages = await allPages(path, (cursor) => this.post<GetGroupmsgTaskResponse>(path, { msgid, limit: 1000, cursor }));
    return merged(pages, 'task_list');
  }

  /** ∞ Every send result of one member for a mass message. */
  async getGroupmsgSendResult(msgid: string, userid: string): Promise<GetGroupmsgSendResultResponse> {
    const path = 'externalcontact/get_groupmsg_send_result';
    const pages = await allPages(path, (cursor) =>
      this.post<GetGroupmsgSendResultResponse>(path, { msgid, userid, limit: 1000, cursor }),
    );
    return merged(pages, 'send_list');
  }

  addMomentTask(body: AddMomentTaskRequest): Promise<AddMomentTaskResponse> {
    return this.post('externalcontact/add_moment_task', body);
  }

  getMomentTaskResult(jobid: string): Promise<GetMomentTaskResultResponse> {
    return this.get('externalcontact/get_moment_task_result', { jobid });
  }

  sendWelcomeMsg(body: SendWelcomeMsgRequest): Promise<WecomResponse> {
    return this.post('externalcontact/send_welcome_msg', body);
  }

  getUserBehaviorData(body: GetUserBehaviorDataRequest): Promise<GetUserBehaviorDataResponse> {
    return this.post('externalcontact/get_user_behavior_data', body);
  }

  /** Temporary media (valid 3 days), multipart field `media`. */
  uploadMedia(type: 'image' | 'voice' | 'video' | 'file', file: UploadFile): Promise<UploadMediaResponse> {
    return this.client.request({
      corpId: this.corpId,
      path: 'media/upload',
      method: 'POST',
      query: { type },
      form: uploadForm(file),
      token: this.source,
    });
  }

  /** Attachment media for moments and the like (attachment_type 1 = moments). */
  uploadAttachment(mediaType: 'image' | 'video' | 'file', file: UploadFile, attachmentType = 1): Promise<UploadAttachmentResponse> {
    return this.client.request({
      corpId: this.corpId,
      path: 'media/upload_attachment',
      method: 'POST',
      query: { media_type: mediaType, attachment_type: attachmentType },
      form: uploadForm(file),
      token: this.source,
    });
  }
}

// ---------------------------------------------------------------- licence (接口许可)

export class LicenseApi {
  constructor(
    private readonly client: WecomClient,
    readonly providerCorpId: string,
    private readonly source: TokenSource,
  ) {}

  private post<T extends WecomResponse>(name: string, body: unknown): Promise<T> {
    return this.client.request<T>({
      corpId: this.providerCorpId,
      path: `license/${name}`,
      method: 'POST',
      body,
      token: this.source,
    });
  }

  /** provider_access_token (cached, single-flight, refreshed early). */
  getProviderToken(): Promise<string> {
    return this.client.token(this.source);
  }

  createNewOrder(body: CreateNewOrderRequest): Promise<CreateNewOrderResponse> {
    return this.post('create_new_order', body);
  }

  /** ∞ Every order in the range. */
  async listOrder(body: ListOrderRequest = {}): Promise<ListOrderResponse> {
    const pages = await allPages('license/list_order', (cursor) =>
      this.post<ListOrderResponse>('list_order', { ...body, limit: body.limit ?? 1000, cursor }),
    );
    return merged(pages, 'order_list');
  }

  getOrder(orderId: string): Promise<GetOrderResponse> {
    return this.post('get_order', { order_id: orderId });
  }

  /** ∞ Every account (active code) of an order. */
  async listOrderAccount(orderId: string): Promise<ListOrderAccountResponse> {
    const pages = await allPages('license/list_order_account', (cursor) =>
      this.post<ListOrderAccountResponse>('list_order_account', { order_id: orderId, limit: 1000, cursor }),
    );
    return merged(pages, 'account_list');
  }

  activeAccount(body: ActiveAccountRequest): Promise<WecomResponse> {
    return this.post('active_account', body);
  }

  batchActiveAccount(corpid: string, activeList: { active_code: string; userid: string }[]): Promise<BatchActiveAccountResponse> {
    return this.post('batch_active_account', { corpid, active_list: activeList });
  }

  getActiveInfoByCode(corpid: string, activeCode: string): Promise<GetActiveInfoByCodeResponse> {
    return this.post('get_active_info_by_code', { corpid, active_code: activeCode });
  }

  batchGetActiveInfoByCode(corpid: string, activeCodes: string[]): Promise<BatchGetActiveInfoByCodeResponse> {
    return this.post('batch_get_active_info_by_code', { corpid, active_code_list: activeCodes });
  }

  /** ∞ Every activated account of a corp. */
  async listActivedAccount(corpid: string): Promise<ListActivedAccountResponse> {
    const pages = await allPages('license/list_actived_account', (cursor) =>
      this.post<ListActivedAccountResponse>('list_actived_account', { corpid, limit: 1000, cursor }),
    );
    return merged(pages, 'account_list');
  }

  getActiveInfoByUser(corpid: string, userid: string): Promise<GetActiveInfoByUserResponse> {
    return this.post('get_active_info_by_user', { corpid, userid });
  }

  batchTransferLicense(corpid: string, transferList: LicenseTransfer[]): Promise<BatchTransferLicenseResponse> {
    return this.post('batch_transfer_license', { corpid, transfer_list: transferList });
  }
}
