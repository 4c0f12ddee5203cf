// Typed WeCom server-API client: tokens, retries, rate limiting and cursor pagination in one place.
// Request and response fields keep WeCom's own names (see shared/research/wecom-api.md).
import { createHash } from 'node:crypto';
import { WecomError } from './errors';
import { MemoryRateLimiter, type RateLimiter } from './limiter';

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

// ---------------------------------------------------------------- shared wire types

export interface WecomResponse {
  errcode: number;
  errmsg: string;
}

interface Paged {
  next_cursor?: string;
  /** Licence lists say whether more pages follow. */
  has_more?: number;
}

export interface UploadFile {
  name: string;
  data: Uint8Array;
  contentType?: string;
}

// ---------------------------------------------------------------- provider types

export interface ProviderOptions {
  suiteId: string;
  suiteSecret: string;
  /** The newest suite_ticket pushed to the instruction callback. */
  suiteTicket: () => Promise<string>;
}

export interface PreAuthCodeResponse extends WecomResponse {
  pre_auth_code: string;
  expires_in: number;
}

export interface SessionInfo {
  appid?: number[];
  /** 0 formal, 1 test. */
  auth_type: 0 | 1;
}

export interface AuthCorpInfo {
  corpid: string;
  corp_name: string;
  corp_type?: string;
  corp_square_logo_url?: string;
  corp_user_max?: number;
  corp_full_name?: string;
  verified_end_time?: number;
  subject_type?: number;
  corp_wxqrcode?: string;
  corp_scale?: string;
  corp_industry?: string;
  corp_sub_industry?: string;
}

export interface AuthAgent {
  agentid: number;
  name?: string;
  round_logo_url?: string;
  square_logo_url?: string;
  appid?: number;
  auth_mode?: number;
  /** True for a 代开发 app: no access_token comes back, the permanent_code is its secret. */
  is_customized_app?: boolean;
  auth_from_thirdapp?: boolean;
  privilege?: {
    level?: number;
    allow_party?: number[];
    allow_user?: string[];
    allow_tag?: number[];
    extra_party?: number[];
    extra_user?: string[];
    extra_tag?: number[];
  };
}

export interface PermanentCodeResponse extends WecomResponse {
  permanent_code: string;
  access_token?: string;
  expires_in?: number;
  auth_corp_info: AuthCorpInfo;
  auth_info?: { agent: AuthAgent[] };
  auth_user_info?: { userid?: string; open_userid?: string; name?: string; avatar?: string };
  state?: string;
}

export interface CorpTokenResponse extends WecomResponse {
  access_token: string;
  expires_in: number;
}

// ---------------------------------------------------------------- corp types

export interface Department {
  id: number;
  name: string;
  name_en?: string;
  /** 0 for the root department (id 1). */
  parentid: number;
  order: number;
  department_leader?: string[];
}
export interface DepartmentListResponse extends WecomResponse {
  department: Department[];
}

export interface DeptUser {
  userid: string;
  open_userid?: string;
  department: number;
}
export interface UserListIdResponse extends WecomResponse, Paged {
  dept_user: DeptUser[];
}

export interface User {
  userid: string;
  name: string;
  department: number[];
  order?: number[];
  position?: string;
  mobile?: string;
  gender?: string;
  email?: string;
  biz_mail?: string;
  is_leader_in_dept?: number[];
  direct_leader?: string[];
  avatar?: string;
  thumb_avatar?: string;
  telephone?: string;
  alias?: string;
  /** 1 active, 2 disabled, 4 not activated, 5 left. */
  status: number;
  address?: string;
  open_userid?: string;
  main_department?: number;
  qr_code?: string;
  external_position?: string;
}
export interface UserListResponse extends WecomResponse {
  userlist: User[];
}
export interface UserSimple {
  userid: string;
  name: string;
  department: number[];
  open_userid?: string;
}
export interface UserSimpleListResponse extends WecomResponse {
  userlist: UserSimple[];
}

export interface FollowUserListResponse extends WecomResponse {
  follow_user: string[];
}
export interface ExternalContactListResponse extends WecomResponse {
  external_userid: string[];
}

export interface ExternalContact {
  external_userid: string;
  name: string;
  avatar?: string;
  /** 1 WeChat user, 2 WeCom user. */
  type: number;
  gender?: number;
  unionid?: string;
  position?: string;
  corp_name?: string;
  corp_full_name?: string;
  external_profile?: unknown;
}
export interface FollowUserTag {
  group_name: string;
  tag_name: string;
  /** 1 corp tag, 2 personal, 3 rule-group tag. */
  type: number;
  tag_id?: string;
}
export interface FollowUser {
  userid: string;
  remark?: string;
  description?: string;
  createtime: number;
  tags?: FollowUserTag[];
  remark_corp_name?: string;
  remark_mobiles?: string[];
  add_way?: number;
  state?: string;
  oper_userid?: string;
}
export interface ExternalContactGetResponse extends WecomResponse, Paged {
  external_contact: ExternalContact;
  follow_user: FollowUser[];
}

export interface FollowInfo {
  userid: string;
  remark?: string;
  description?: string;
  createtime: number;
  tag_id?: string[];
  remark_corp_name?: string;
  remark_mobiles?: string[];
  add_way?: number;
  state?: string;
  oper_userid?: string;
}
export interface BatchGetByUserResponse extends WecomResponse, Paged {
  external_contact_list: { external_contact: ExternalContact; follow_info: FollowInfo }[];
  fail_info?: { unlicensed_userid_list?: string[] };
}

export interface RemarkRequest {
  userid: string;
  external_userid: string;
  remark?: string;
  description?: string;
  remark_company?: string;
  remark_mobiles?: string[];
  remark_pic_mediaid?: string;
}

export interface ContactWayConclusions {
  text?: { content: string };
  image?: { media_id?: string; pic_url?: string };
  link?: { title: string; picurl?: string; desc?: string; url: string };
  miniprogram?: { title: string; pic_media_id: string; appid: string; page: string };
}
export interface AddContactWayRequest {
  /** 1 single member, 2 several. */
  type: 1 | 2;
  /** 1 mini-program, 2 QR code. */
  scene: 1 | 2;
  style?: number;
  remark?: string;
  skip_verify?: boolean;
  state?: string;
  user?: string[];
  party?: number[];
  is_temp?: boolean;
  expires_in?: number;
  chat_expires_in?: number;
  unionid?: string;
  is_exclusive?: boolean;
  conclusions?: ContactWayConclusions;
}
export interface AddContactWayResponse extends WecomResponse {
  config_id: string;
  qr_code?: string;
}
export interface ContactWay extends AddContactWayRequest {
  config_id: string;
  qr_code?: string;
}
export interface GetContactWayResponse extends WecomResponse {
  contact_way: ContactWay;
}
export interface UpdateContactWayRequest {
  config_id: string;
  remark?: string;
  skip_verify?: boolean;
  style?: number;
  state?: string;
  /** Replaces the whole list. */
  user?: string[];
  /** Replaces the whole list. */
  party?: number[];
  expires_in?: number;
  chat_expires_in?: number;
  unionid?: string;
  conclusions?: ContactWayConclusions;
}
export interface ListContactWayRequest {
  start_time?: number;
  end_time?: number;
  /** Page size, ≤1000 (default 1000). */
  limit?: number;
}
export interface ListContactWayResponse extends WecomResponse, Paged {
  contact_way: { config_id: string }[];
}

export interface CorpTag {
  id: string;
  name: string;
  create_time?: number;
  order: number;
  deleted?: boolean;
}
export interface TagGroup {
  group_id: string;
  group_name: string;
  create_time?: number;
  order: number;
  deleted?: boolean;
  tag: CorpTag[];
}
export interface GetCorpTagListRequest {
  tag_id?: string[];
  group_id?: string[];
}
export interface GetCorpTagListResponse extends WecomResponse {
  tag_group: TagGroup[];
}
export interface AddCorpTagRequest {
  group_id?: string;
  group_name?: string;
  order?: number;
  tag: { name: string; order?: number }[];
  agentid?: number;
}
export interface AddCorpTagResponse extends WecomResponse {
  tag_group: TagGroup;
}
export interface EditCorpTagRequest {
  id: string;
  name?: string;
  order?: number;
  agentid?: number;
}
export interface DelCorpTagRequest {
  tag_id?: string[];
  group_id?: string[];
  agentid?: number;
}
export interface MarkTagRequest {
  userid: string;
  external_userid: string;
  add_tag?: string[];
  remove_tag?: string[];
}

export interface GroupChatListRequest {
  /** 0 all, 1 pending inheritance, 2 inheritance in progress, 3 inherited. */
  status_filter?: number;
  owner_filter?: { userid_list: string[] };
  /** Page size, ≤1000 (default 1000). */
  limit?: number;
}
export interface GroupChatListResponse extends WecomResponse, Paged {
  group_chat_list: { chat_id: string; status: number }[];
}
export interface GroupChatMember {
  userid: string;
  /** 1 member, 2 external contact. */
  type: number;
  join_time: number;
  join_scene: number;
  invitor?: { userid: string };
  group_nickname?: string;
  name?: string;
  unionid?: string;
  state?: string;
}
export interface GroupChat {
  chat_id: string;
  name: string;
  owner: string;
  create_time: number;
  notice?: string;
  member_list: GroupChatMember[];
  admin_list?: { userid: string }[];
  member_version?: string;
}
export interface GroupChatGetResponse extends WecomResponse {
  group_chat: GroupChat;
}

export type MsgAttachment =
  | { msgtype: 'image'; image: { media_id?: string; pic_url?: string } }
  | { msgtype: 'link'; link: { title: string; picurl?: string; desc?: string; url: string } }
  | { msgtype: 'miniprogram'; miniprogram: { title: string; pic_media_id: string; appid: string; page: string } }
  | { msgtype: 'video'; video: { media_id: string } }
  | { msgtype: 'file'; file: { media_id: string } };

export interface AddMsgTemplateRequest {
  chat_type?: 'single' | 'group';
  external_userid?: string[];
  chat_id_list?: string[];
  tag_filter?: { group_list: { tag_list: string[] }[] };
  sender?: string;
  allow_select?: boolean;
  text?: { content: string };
  attachments?: MsgAttachment[];
}
export interface AddMsgTemplateResponse extends WecomResponse {
  fail_list?: string[];
  msgid: string;
}
export interface GetGroupmsgListV2Request {
  chat_type: 'single' | 'group';
  start_time: number;
  end_time: number;
  creator?: string;
  /** 0 by corp, 1 by members, 2 all. */
  filter_type?: number;
  /** Page size, ≤100 (default 100). */
  limit?: number;
}
export interface GroupMsg {
  msgid: string;
  creator?: string;
  create_time: string | number;
  create_type: number;
  text?: { content: string };
  attachments?: MsgAttachment[];
}
export interface GetGroupmsgListV2Response extends WecomResponse, Paged {
  group_msg_list: GroupMsg[];
}
export interface GroupmsgTask {
  userid: string;
  /** 0 not sent, 2 sent. */
  status: number;
  send_time?: number;
}
export interface GetGroupmsgTaskResponse extends WecomResponse, Paged {
  task_list: GroupmsgTask[];
}
export interface GroupmsgSendResult {
  external_userid?: string;
  chat_id?: string;
  userid: string;
  /** 0 not sent, 1 sent, 2 not a friend, 3 already received another. */
  status: number;
  send_time?: number;
}
export interface GetGroupmsgSendResultResponse extends WecomResponse, Paged {
  send_list: GroupmsgSendResult[];
}

export type MomentAttachment =
  | { msgtype: 'image'; image: { media_id: string } }
  | { msgtype: 'video'; video: { media_id: string } }
  | { msgtype: 'link'; link: { title?: string; url: string; media_id: string } };
export interface AddMomentTaskRequest {
  text?: { content: string };
  attachments?: MomentAttachment[];
  visible_range?: {
    sender_list?: { user_list?: string[]; department_list?: number[] };
    external_contact_list?: { tag_list?: string[] };
  };
}
export interface AddMomentTaskResponse extends WecomResponse {
  jobid: string;
}
export interface GetMomentTaskResultResponse extends WecomResponse {
  /** 1 started, 2 running, 3 done. */
  status: number;
  type?: string;
  result?: {
    errcode: number;
    errmsg: string;
    moment_id?: string;
    invalid_sender_list?: { user_list?: string[]; department_list?: number[] };
    invalid_external_contact_list?: { tag_list?: string[] };
  };
}
export interface SendWelcomeMsgRequest {
  welcome_code: string;
  text?: { content: string };
  attachments?: MsgAttachment[];
}
export interface GetUserBehaviorDataRequest {
  userid?: string[];
  partyid?: number[];
  start_time: number;
  end_time: number;
}
export interface BehaviorData {
  stat_time: number;
  chat_cnt?: number;
  message_cnt?: number;
  reply_percentage?: number;
  avg_reply_time?: number;
  negative_feedback_cnt?: number;
  new_apply_cnt?: number;
  new_contact_cnt?: number;
}
export interface GetUserBehaviorDataResponse extends WecomResponse {
  behavior_data: BehaviorData[];
}
export interface UploadMediaResponse extends WecomResponse {
  type: string;
  media_id: string;
  created_at: string;
}
export interface UploadAttachmentResponse extends WecomResponse {
  type: string;
  media_id: string;
  created_at: number;
}

// ---------------------------------------------------------------- licence types (接口许可)

export interface LicenseOptions {
  /** The provider's own corp id and its provider secret (服务商 Secret). */
  providerCorpId: string;
  providerSecret: string;
}
export interface LicenseAccountCount {
  base_count?: number;
  external_contact_count?: number;
}
export interface LicenseAccountDuration {
  months?: number;
  days?: number;
  new_expire_time?: number;
}
export interface CreateNewOrderRequest {
  corpid: string;
  buyer_userid: string;
  account_count: LicenseAccountCount;
  account_duration: LicenseAccountDuration;
}
export interface CreateNewOrderResponse extends WecomResponse {
  order_id: string;
}
export interface ListOrderRequest {
  corpid?: string;
  start_time?: number;
  end_time?: number;
  /** Page size, ≤1000 (default 1000). */
  limit?: number;
}
export interface ListOrderResponse extends WecomResponse, Paged {
  order_list: { order_id: string; order_type: number }[];
}
export interface LicenseOrder {
  order_id: string;
  order_type: number;
  order_status: number;
  corpid: string;
  price: number;
  account_count: LicenseAccountCount;
  account_duration: LicenseAccountDuration;
  create_time: number;
  pay_time?: number;
}
export interface GetOrderResponse extends WecomResponse {
  order: LicenseOrder;
}
export interface ListOrderAccountResponse extends WecomResponse, Paged {
  account_list: { active_code: string; userid?: string; type: number }[];
}
export interface ActiveAccountRequest {
  corpid: string;
  active_code: string;
  userid: string;
}
export interface BatchActiveAccountResponse extends WecomResponse {
  active_result: { active_code: string; userid: string; errcode: number }[];
}
export interface ActiveInfo {
  active_code: string;
  /** 1 base account, 2 interworking (external contact) account. */
  type: number;
  /** 1 not bound, 2 bound and valid, 3 expired, 4 to be transferred, 5 merged, 6 assigned to a downstream corp. */
  status: number;
  userid?: string;
  create_time?: number;
  active_time?: number;
  expire_time?: number;
  merge_info?: { to_active_code?: string; from_active_code?: string };
  share_info?: { to_corpid?: string; from_corpid?: string };
}
export interface GetActiveInfoByCodeResponse extends WecomResponse {
  active_info: ActiveInfo;
}
export interface BatchGetActiveInfoByCodeResponse extends WecomResponse {
  active_info_list: ActiveInfo[];
  invalid_active_code_list?: string[];
}
export interface ListActivedAccountResponse extends WecomResponse, Paged {
  account_list: { userid: string; type: number; expire_time: number; active_time: number }[];
}
export interface GetActiveInfoByUserResponse extends WecomResponse {
  /** 0 not active, 1 active. */
  active_status: number;
  active_info_list?: { active_code: string; type: number; userid: string; active_time: number; expire_time: number }[];
}
export interface LicenseTransfer {
  handover_userid: string;
  takeover_userid: string;
}
export interface BatchTransferLicenseResponse extends WecomResponse {
  transfer_result: (LicenseTransfer & { errcode: number })[];
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
