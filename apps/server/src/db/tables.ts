// Row shapes as Kysely sees them. Times are epoch milliseconds, flags are 0/1 integers,
// JSON lists are text: the same on SQLite and PostgreSQL.
import type { Generated } from 'kysely';

export interface AccountTable {
  id: Generated<number>;
  parent_id: number | null;
  account: string | null;
  phone: string | null;
  password_hash: string | null;
  nickname: string;
  gzh_openid: string | null;
  /** Before 0023: a child's JSON array of menu keys; no longer read (a child's keys are its role's). */
  permission_keys: string;
  disabled: number;
  created_at: number;
  updated_at: number;
  /** A child's function role (child_role); null: no keys at all. */
  role_id: Generated<number | null>;
  /** A child sees every work space of its main account (1), or only those of work_space_ids (0). */
  all_work_spaces: Generated<number>;
  /** JSON array of the work-space ids a child may see when all_work_spaces is 0. */
  work_space_ids: Generated<string>;
  /** The distributor whose promotion QR brought this main account in (0028); its seat price applies. */
  distributor_id: Generated<number | null>;
}

/** 功能角色: a main account's named set of menu and action keys, held by its child accounts. */
export interface ChildRoleTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** JSON array of keys, stored as contracts' roleKeys gives them. */
  permission_keys: string;
  created_at: number;
  updated_at: number;
}

export interface SessionTable {
  /** SHA-256 hex of the opaque token; the token itself is never stored. */
  token_hash: string;
  account_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
  /** Last authenticated request (epoch ms), written at most once a minute; null until the first such write. */
  last_seen_at: number | null;
}

/** A sister platform's short-lived token (GET /api/get_access_token): only its hash is kept. */
export interface AccessTokenTable {
  token_hash: string;
  /** The session that asked for it: revoked or expired with it. */
  session_hash: string;
  account_id: number;
  /** The sister app's id (SISTER_APPS). */
  audience: string;
  created_at: number;
  expires_at: number;
  /** Set by the one exchange a token allows. */
  used_at: number | null;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  used_at: number | null;
  ip: string;
}

export interface LoginFailureTable {
  id: Generated<number>;
  key: string;
  created_at: number;
}

export type QrPurpose = 'login' | 'bind' | 'notify';
export type QrStatus = 'pending' | 'scanned' | 'done';

export interface QrSceneTable {
  code: string;
  purpose: QrPurpose;
  account_id: number | null;
  ticket: string;
  url: string;
  openid: string | null;
  wx_nickname: string | null;
  status: QrStatus;
  created_at: number;
  expires_at: number;
}

export interface WorkSpaceTable {
  id: Generated<number>;
  account_id: number;
  nickname: string;
  access_type: string;
  created_at: number;
  corp_id: string | null;
  corp_name: Generated<string>;
  agent_id: Generated<string>;
  /** AES-256-GCM (see wecom/secret-box.ts); never leaves the server. */
  secret_enc: string | null;
  permanent_code_enc: string | null;
  callback_token: Generated<string>;
  callback_aes_key: Generated<string>;
  token_ok: Generated<number>;
  callback_verified: Generated<number>;
  contact_permission: Generated<number>;
  last_checked_at: number | null;
  sync_status: Generated<string>;
  /** JSON {phase, done, total, step}. */
  sync_progress: Generated<string>;
  synced_at: number | null;
  sync_error: string | null;
  updated_at: Generated<number>;
}

export interface DepartmentTable {
  work_space_id: number;
  id: number;
  name: string;
  parent_id: number;
  order: number;
}

export interface MemberTable {
  work_space_id: number;
  userid: string;
  name: string;
  /** JSON array of department ids. */
  department: string;
  status: number;
  position: string;
  avatar: string;
  is_follow_user: number;
}

/** 成员分组: a named group of a work space's members. */
export interface MemberGroupTable {
  id: Generated<number>;
  work_space_id: number;
  name: string;
  created_at: number;
  updated_at: number;
}

/** A member of a 成员分组, by userid (kept when the member leaves the corp: shown as departed). */
export interface MemberGroupMemberTable {
  group_id: number;
  work_space_id: number;
  userid: string;
  added_at: number;
}

export interface CorpTagGroupTable {
  work_space_id: number;
  group_id: string;
  name: string;
  order: number;
  create_time: number;
}

export interface CorpTagTable {
  work_space_id: number;
  id: string;
  group_id: string;
  name: string;
  order: number;
  create_time: number;
}

export interface CustomerTable {
  work_space_id: number;
  external_userid: string;
  name: string;
  avatar: string;
  type: number;
  gender: number;
  unionid: string;
  corp_name: string;
  updated_at: number;
}

export interface FollowRelationTable {
  work_space_id: number;
  external_userid: string;
  userid: string;
  remark: string;
  description: string;
  createtime: number;
  /** JSON array of corp tag ids. */
  tag_ids: string;
  add_way: number;
  state: string;
  oper_userid: string;
  /** The member deleted the customer (del_external_contact), or the relation is gone from WeCom. */
  deleted_at: number | null;
  /**
   * The customer deleted the member (del_follow_user). WeCom keeps the relation on the member's side
   * (the API still lists it), so it stays live; a new add_external_contact clears this.
   */
  deleted_by_customer_at?: number | null;
  /** JSON array of the phone numbers the member noted (WeCom's remark_mobiles). */
  remark_mobiles?: string;
  /**
   * The customer's gender, copied (0033): the list's gender filter tests the relation it walks rather than
   * looking up its customer. Written by the sync with the relation; a customer's change of gender is
   * copied to its relations by a trigger on `customer`.
   */
  gender?: number;
}

/** One tag on one follow relation: the filterable form of `follow_relation.tag_ids`, written with it. */
export interface FollowTagTable {
  work_space_id: number;
  tag_id: string;
  external_userid: string;
  userid: string;
  /** Its relation's follow_relation.createtime (0021), written with the row: the customer list sorts a tag's relations by it. */
  createtime: number;
}

/** Customers per tag as last counted (tag page); `tag_count_state.counted_at` says when. */
export interface TagCustomerCountTable {
  work_space_id: number;
  tag_id: string;
  customers: number;
}

export interface TagCountStateTable {
  work_space_id: number;
  counted_at: number;
}

/** The last 「同步企业微信标签」 of a work space (the tag page's; a full sync keeps its own state on work_space). */
export interface TagSyncTable {
  work_space_id: number;
  status: 'running' | 'done' | 'failed';
  started_at: number;
  /** When the last successful one finished (null: none yet). */
  synced_at: number | null;
  error: string | null;
  group_count: number;
  tag_count: number;
}

export type CustomerEventKind =
  | 'add'
  | 'delete_by_member'
  | 'delete_by_customer'
  | 'tag'
  | 'untag'
  | 'remark'
  | 'push'
  | 'transfer'
  | 'group_join'
  | 'group_quit';

/** Something that happened to a customer: the timeline, and the source of the data centre's roll-ups. */
export interface CustomerEventTable {
  id: Generated<number>;
  work_space_id: number;
  external_userid: string;
  /** The member concerned ('' when none). */
  userid: Generated<string>;
  kind: CustomerEventKind;
  /** When it happened (epoch ms). */
  at: number;
  /** JSON with what the kind needs (tag ids, the new remark, the push id, …). */
  detail: Generated<string>;
  /** Recording the same happening twice (a callback processed again) writes one row. */
  dedupe_key: string | null;
}

/** Which figures a `customer_daily` row holds: the work space's, one member's, one code's or one tag's. */
export type DailyDim = 'all' | 'member' | 'code' | 'tag';

/**
 * The data centre's roll-up: customers counted per China-time day ('d', period 'YYYY-MM-DD'), 旬
 * ('t', 'YYYY-MM/1' = days 1–10, '/2' = 11–20, '/3' = 21–end), month ('m', 'YYYY-MM') and year ('y',
 * 'YYYY'), each the sum of its days. Definitions in docs/data-centre.md (adds by 添加时间, deletions on their day; `lost_n` on
 * the add's day).
 */
export interface CustomerDailyTable {
  work_space_id: number;
  dim: DailyDim;
  grain: 'd' | 't' | 'm' | 'y';
  period: string;
  /** '' for 'all'; the userid, the contact way id ('0' = none) or the tag id. */
  key: string;
  adds: number;
  deleted_by_member: number;
  deleted_by_customer: number;
  lost_1: number;
  lost_7: number;
  lost_30: number;
}

/** A customer whose relations changed since the data centre last counted them (written with the change). */
export interface CustomerDailyDirtyTable {
  work_space_id: number;
  external_userid: string;
}

/** What the roll-ups hold for one customer (daily-figures.ts `Parts`, encoded), to apply a change as a difference. */
export interface CustomerDailyPartTable {
  work_space_id: number;
  external_userid: string;
  parts: string;
}

/** A rebuild in progress (until its lease runs out): the catch-up waits for it. */
export interface CustomerDailyRebuildTable {
  work_space_id: number;
  until: number;
}

export type CustomerBatchStatus = 'running' | 'done' | 'failed';

/** A batch of tag changes over many follow relations (客户列表 批量打标签 / 移除标签). */
export interface CustomerBatchTable {
  id: Generated<number>;
  work_space_id: number;
  account_id: number;
  kind: 'tag';
  /** JSON corp tag ids to add / to remove. */
  add_tag_ids: string;
  remove_tag_ids: string;
  /** JSON CustomerFilter, plus the chosen customers when not the whole result. */
  filter: string;
  status: CustomerBatchStatus;
  total: number;
  done: number;
  failed: number;
  /** JSON keyset position of the last relation handled, so a run taken over resumes there. */
  cursor: string | null;
  error: string | null;
  created_at: number;
  finished_at: number | null;
  /** When the job counted the relations (`total`); null until then. */
  counted_at: number | null;
}

/** A filter's exact number of customers, counted in the background and shown for a minute (docs/customers.md). */
export interface CustomerCountTable {
  work_space_id: number;
  /** Hash of the filter (CustomerListRepository.filterKey). */
  filter_key: string;
  total: number;
  counted_at: number;
}

/** One relation WeCom refused in a batch, with its Chinese reason. */
export interface CustomerBatchFailureTable {
  id: Generated<number>;
  batch_id: number;
  external_userid: string;
  userid: string;
  errcode: number;
  error: string;
}

export interface GroupChatTable {
  work_space_id: number;
  chat_id: string;
  name: string;
  owner: string;
  create_time: number;
  notice: string;
  status: number;
  member_count: number;
}

export interface GroupMemberTable {
  work_space_id: number;
  chat_id: string;
  /** userid (type 1) or external_userid (type 2). */
  member_id: string;
  type: number;
  join_time: number;
  join_scene: number;
  invitor: string;
  left_at: number | null;
}

/** Members joining or leaving a customer group, one row per change_external_chat event. */
export interface GroupEventTable {
  id: Generated<number>;
  work_space_id: number;
  chat_id: string;
  kind: 'join' | 'quit';
  /** MemChangeCnt: how many joined or left with this event. */
  count: number;
  /** JoinScene or QuitScene. */
  scene: number;
  /** JSON list of the userids / external_userids (MemChangeList). */
  member_ids: string;
  /** When the event arrived (business clock). */
  at: number;
  callback_event_id: number;
}

/** A customer handed from one member to another: 在职继承 (onjob) or 离职继承 (resigned). */
export interface CustomerTransferTable {
  id: Generated<number>;
  work_space_id: number;
  kind: 'onjob' | 'resigned';
  handover_userid: string;
  takeover_userid: string;
  external_userid: string;
  /** WeCom's status: 1 taken over, 2 waiting, 3 refused, 4 taker at limit, 5 no record; 0 WeCom refused to start it (errcode). */
  status: number;
  errcode: number;
  takeover_time: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  checked_at: number | null;
}

export interface CallbackEventTable {
  id: Generated<number>;
  /** 0 for provider-level events (suite / template callbacks). */
  work_space_id: number;
  dedupe_key: string;
  raw_xml: string;
  received_at: number;
  processed_at: number | null;
  next_attempt_at: number;
  attempts: number;
  error: string | null;
}

/** A callback request already accepted: sha256 of its kind, signature, timestamp and nonce. */
export interface CallbackNonceTable {
  key: string;
  /** When its timestamp leaves the accepted window (ms); removed by the daily cleanup after that. */
  expires_at: number;
}

export interface SuiteTicketTable {
  suite_id: string;
  ticket: string;
  updated_at: number;
}

export interface WecomAuthStateTable {
  state: string;
  account_id: number;
  kind: 'third' | 'replace';
  work_space_id: number | null;
  error: string | null;
  created_at: number;
  expires_at: number;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: number;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobTable {
  id: Generated<number>;
  kind: string;
  work_space_id: number | null;
  /** JSON. */
  payload: string;
  idempotency_key: string | null;
  singleton_key: string | null;
  status: JobStatus;
  priority: number;
  run_at: number;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  /** Taken up by one at each claim; the run holding the current fence is the only one that may update the job. */
  fence: Generated<number>;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface MaterialGroupTable {
  id: Generated<number>;
  work_space_id: number;
  name: string;
  sort: number;
  created_at: number;
}

export interface MaterialFileTable {
  id: Generated<number>;
  work_space_id: number;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  /** Random; part of the file's public URL (link covers must be reachable by WeChat). */
  token: string;
  bytes: Buffer;
  created_at: number;
}

export type MaterialType = 'text' | 'image' | 'link' | 'miniprogram' | 'video' | 'file';

export interface MaterialTable {
  id: Generated<number>;
  work_space_id: number;
  group_id: number | null;
  type: MaterialType;
  title: string;
  /** Text material's body; a link's description. */
  content: string;
  url: string;
  appid: string;
  page: string;
  /** image / video / file: the file itself. */
  file_id: number | null;
  /** link / miniprogram: the cover picture. */
  cover_file_id: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface MaterialMediaTable {
  work_space_id: number;
  file_id: number;
  media_type: string;
  media_id: string;
  uploaded_at: number;
  expires_at: number;
}

export interface ContactWayGroupTable {
  id: Generated<number>;
  work_space_id: number;
  name: string;
  sort: number;
  created_at: number;
}

export type ContactWayKind = 'channel' | 'staff' | 'lead';
export type ContactWayStatus = 'creating' | 'active' | 'failed' | 'expired';

export interface ContactWayTable {
  id: Generated<number>;
  work_space_id: number;
  kind: ContactWayKind;
  name: string;
  group_id: number | null;
  lead_batch_id: number | null;
  config_id: string | null;
  qr_code: string;
  /** Our attribution key, sent to WeCom and back in every add event (≤30 chars). */
  state: string;
  /** WeCom's contact-way type: 1 single member, 2 several. */
  way_type: number;
  skip_verify: number;
  distribution: string;
  /** Default daily add cap per member; 0 = none. */
  daily_cap: number;
  /** JSON WeeklySchedule. */
  schedule: string;
  /** JSON corp tag ids applied on add. */
  tag_ids: string;
  /** JSON {text, materialIds}. */
  welcome: string;
  /** JSON userids last set on WeCom. */
  current_users: string;
  status: ContactWayStatus;
  error: string | null;
  remark: string;
  expires_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  /** The run asking WeCom to make this code's way now (`<job id>.<fence>`), so no other run asks too. */
  creating_by: Generated<string | null>;
  creating_at: Generated<number | null>;
}

export interface ContactWayMemberTable {
  contact_way_id: number;
  work_space_id: number;
  userid: string;
  sort: number;
  /** null: the code's daily_cap. */
  daily_cap: number | null;
  backup: number;
  /** The operator's on/offline switch for this member on this code. */
  online: number;
}

export interface LeadBatchTable {
  id: Generated<number>;
  work_space_id: number;
  name: string;
  userid: string;
  expires_at: number;
  skip_verify: number;
  tag_ids: string;
  welcome: string;
  total: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface LeadTable {
  id: Generated<number>;
  work_space_id: number;
  batch_id: number;
  name: string;
  phone: string;
  remark: string;
  contact_way_id: number | null;
  external_userid: string | null;
  userid: string | null;
  added_at: number | null;
  created_at: number;
}

export type WelcomeStatus = 'none' | 'pending' | 'sent' | 'missed' | 'failed' | 'skipped';
export type TagStatus = 'none' | 'pending' | 'done' | 'failed';

export interface ContactWayAddTable {
  id: Generated<number>;
  work_space_id: number;
  /** null: the add came through no code of ours (no or unknown state). */
  contact_way_id: number | null;
  lead_id: number | null;
  callback_event_id: number | null;
  external_userid: string;
  userid: string;
  state: string;
  /** Server clock when the event was received (the 20 s welcome window counts from here). */
  added_at: number;
  /** The customer had no relation with any member of the corp before (1/0). */
  new_customer: number;
  welcome_status: WelcomeStatus;
  welcome_at: number | null;
  welcome_error: string | null;
  tag_status: TagStatus;
  tag_ids: string;
  tag_error: string | null;
  deleted_by_member_at: number | null;
  deleted_by_customer_at: number | null;
}

export interface CronPlanTable {
  id: Generated<number>;
  work_space_id: number;
  name: string;
  userids: string;
  schedule: string;
  enabled: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface LimitPlanTable {
  id: Generated<number>;
  work_space_id: number;
  name: string;
  /** JSON; [] = every member. */
  userids: string;
  daily_cap: number;
  hourly_cap: number;
  burst_count: number;
  burst_minutes: number;
  delete_percent: number;
  delete_min: number;
  enabled: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export type OfflineKind = 'code_cap' | 'limit_daily' | 'limit_hourly' | 'burst' | 'delete_rate' | 'cron';

export interface MemberOfflineTable {
  id: Generated<number>;
  work_space_id: number;
  userid: string;
  /** 0: every code. */
  contact_way_id: number;
  kind: OfflineKind;
  /** The period it belongs to (e.g. D:2026-11-26), so it happens once per period. */
  period: string;
  reason: string;
  plan_id: number | null;
  started_at: number;
  /** When it ends by itself; null: until restored. */
  until: number | null;
  ended_at: number | null;
  /** Account that restored it; null when it ended by itself. */
  ended_by: number | null;
}

export interface RiskRecordTable {
  id: Generated<number>;
  work_space_id: number;
  userid: string;
  contact_way_id: number;
  kind: string;
  action: 'offline' | 'online';
  reason: string;
  offline_id: number | null;
  plan_id: number | null;
  auto: number;
  operator_id: number | null;
  created_at: number;
}

export interface NotificationTable {
  id: Generated<number>;
  work_space_id: number;
  account_id: number;
  kind: string;
  title: string;
  content: string;
  ref_id: number | null;
  created_at: number;
  read_at: number | null;
  delivered_at: number | null;
  /** Whom a customer notice (流失提醒) is about; '' for others. */
  external_userid: Generated<string>;
  userid: Generated<string>;
  /** When its deliveries were made (notify_delivery); null: not yet. */
  planned_at: Generated<number | null>;
}

/** 消息中心: a class of notice switched on or off, and by SMS or not, for an account (defaults in contracts/notify.ts). */
export interface NotifyClassSettingTable {
  account_id: number;
  class_key: string;
  enabled: number;
  sms: number;
  updated_at: number;
}

/** Someone who receives notices: a WeChat user (openid, bound by a scan) and a phone for SMS. */
export interface NotifyRecipientTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  phone: string;
  openid: string | null;
  /** JSON array of class keys. */
  classes: string;
  bound_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The recipient a notify QR scene binds when scanned (qr_scene.code). */
export interface NotifyBindTable {
  code: string;
  account_id: number;
  recipient_id: number | null;
  name: string;
  phone: string;
  created_at: number;
}

export type NotifyDeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'unknown';

/** One message: a notification to a recipient by a channel, once (unique), and what became of it. */
export interface NotifyDeliveryTable {
  id: Generated<number>;
  account_id: number;
  notification_id: number;
  recipient_id: number;
  channel: 'gzh' | 'sms';
  class_key: string;
  target: string;
  status: NotifyDeliveryStatus;
  reason: Generated<string>;
  attempts: Generated<number>;
  /** Set (status sending) in its own commit right before the send. */
  attempted_at: number | null;
  msgid: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface NotifyCreditTable {
  account_id: number;
  sms_balance: number;
  sms_used: Generated<number>;
  updated_at: number;
}

export interface NotifyRechargeTable {
  id: Generated<number>;
  account_id: number;
  kind: 'gift' | 'purchase' | 'refund';
  amount: number;
  balance_after: number;
  note: Generated<string>;
  created_at: number;
}

/** 自动标签: a rule, its condition, and the progress of its retroactive run (补打). */
export interface AutoTagRuleTable {
  id: Generated<number>;
  work_space_id: number;
  name: string;
  enabled: number;
  /** JSON array of corp tag ids. */
  tag_ids: string;
  kind: string;
  /** JSON: the condition (contracts/auto-tag AutoTagCondition). */
  condition: string;
  /** Bumped when the condition or tags change: each version has its own retroactive run. */
  version: number;
  run_status: string;
  run_matched: number;
  run_done: number;
  run_failed: number;
  /** Keyset position of the run: the last relation handled (external_userid, userid). */
  run_after_external: string;
  run_after_user: string;
  run_started_at: number | null;
  run_finished_at: number | null;
  run_error: string | null;
  created_at: number;
  updated_at: number;
}

/** One relation handled by one rule: the rule's tags go on a relation once. */
export interface AutoTagRecordTable {
  id: Generated<number>;
  work_space_id: number;
  rule_id: number;
  external_userid: string;
  userid: string;
  /** JSON array of the tag ids marked. */
  tag_ids: string;
  source: string;
  status: string;
  error: string | null;
  at: number;
}

/** 接口许可: a licence order placed through the provider for a work space (status: WeCom's order_status). */
export interface LicenceOrderTable {
  id: Generated<number>;
  work_space_id: number;
  order_id: string;
  /** 0 待支付, 1 已支付, 2 已取消, 3 未支付已失效, 4 退款申请中, 5 已退款, 6 退款被拒绝. */
  status: number;
  base_count: number;
  external_count: number;
  months: number;
  /** fen. */
  price: number;
  created_at: number;
  paid_at: number | null;
  checked_at: number;
}

/** An activation code of a paid licence order (type 1 base, 2 互通; status WeCom's: 1 未绑定, 2 已绑定, 3 已过期, 4 待转移). */
export interface LicenceCodeTable {
  active_code: string;
  work_space_id: number;
  order_id: string;
  type: number;
  status: number;
  userid: string | null;
  active_time: number | null;
  expire_time: number | null;
  checked_at: number;
}

/** A seat of 资源包 (docs/seats.md): owned by a main account, with a term; free, bound (work space + member) or expired. */
export interface SeatTable {
  id: Generated<number>;
  account_id: number;
  state: 'free' | 'bound' | 'expired';
  /** The work space it is given to (free or bound); null: in the account's pool. */
  work_space_id: number | null;
  userid: string | null;
  /** trial | debug | admin | order:<id> … */
  source: string;
  starts_at: number;
  expires_at: number;
  bound_at: number | null;
  /** The expiry notices written: 0 none, 7 the 7-day one, 1 the 1-day one too. */
  notified_stage: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A distributor (分销商) who resells seats: logs in by SMS to its own portal; `promo_code` is the scene of its promotion QR. */
export interface DistributorTable {
  id: Generated<number>;
  phone: string;
  name: string;
  /** fen a seat for 365 days, charged to the accounts it brought in. */
  seat_price_fen: number;
  promo_code: string;
  disabled: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A distributor's login session (its own kind: an account token is never one, nor the reverse). */
export interface DistributorSessionTable {
  /** SHA-256 hex of the opaque token. */
  token_hash: string;
  distributor_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
}

/** A login QR scene shown through a distributor's promotion link: the account it registers is the distributor's. */
export interface DistributorSceneTable {
  scene_code: string;
  distributor_id: number;
  created_at: number;
}

/** Seats a distributor gave one of its customers (设置席位), credited through SeatService.credit. */
export interface DistributorSeatRecordTable {
  id: Generated<number>;
  distributor_id: number;
  account_id: number;
  seat_count: number;
  term_days: number;
  created_at: number;
}

/** An order for seats (buy) or a renewal of named seats (renew), paid through a payment provider. */
export interface SeatOrderTable {
  id: Generated<number>;
  /** The number shown to people and sent to the provider as the merchant order number. */
  order_no: string;
  account_id: number;
  /** The distributor whose price was charged, when the account came through one. */
  distributor_id: number | null;
  kind: 'buy' | 'renew';
  seat_count: number;
  term_days: number;
  /** renew: JSON array of the seat ids renewed; buy: '[]'. */
  seat_ids: Generated<string>;
  unit_price_fen: number;
  amount_fen: number;
  /** pending 待支付, paid 已支付, cancelled 已取消 (by the buyer, or lapsed unpaid), refunded 已退款. */
  state: 'pending' | 'paid' | 'cancelled' | 'refunded';
  /** The payment provider: 'sim' (the simulator's cashier) … */
  provider: string;
  /** The provider's transaction number, once paid. */
  trade_no: string | null;
  created_at: number;
  updated_at: number;
  /** An unpaid order lapses (cancelled) after this. */
  expires_at: number;
  paid_at: number | null;
  /** When it was cancelled or refunded. */
  closed_at: number | null;
  /** Refunded: the seats (buy) or renewed seats (renew) taken back, and a buy's seats kept by their members. */
  taken_back: Generated<number>;
  kept_bound: Generated<number>;
}

/** A payment provider's notification, recorded once per (provider, notify_id): a second delivery is a duplicate. */
export interface PaymentNoticeTable {
  id: Generated<number>;
  provider: string;
  notify_id: string;
  order_id: number | null;
  /** credited | duplicate | ignored | rejected … */
  outcome: string;
  received_at: number;
}

export interface DB {
  distributor: DistributorTable;
  distributor_session: DistributorSessionTable;
  distributor_scene: DistributorSceneTable;
  distributor_seat_record: DistributorSeatRecordTable;
  seat_order: SeatOrderTable;
  payment_notice: PaymentNoticeTable;
  licence_order: LicenceOrderTable;
  licence_code: LicenceCodeTable;
  account: AccountTable;
  seat: SeatTable;
  child_role: ChildRoleTable;
  session: SessionTable;
  access_token: AccessTokenTable;
  sms_code: SmsCodeTable;
  login_failure: LoginFailureTable;
  qr_scene: QrSceneTable;
  work_space: WorkSpaceTable;
  department: DepartmentTable;
  member: MemberTable;
  corp_tag_group: CorpTagGroupTable;
  corp_tag: CorpTagTable;
  customer: CustomerTable;
  follow_relation: FollowRelationTable;
  follow_tag: FollowTagTable;
  customer_event: CustomerEventTable;
  customer_daily: CustomerDailyTable;
  /** A rebuild's roll-ups before they replace the work space's in customer_daily (same columns). */
  customer_daily_next: CustomerDailyTable;
  customer_daily_dirty: CustomerDailyDirtyTable;
  customer_daily_part: CustomerDailyPartTable;
  customer_daily_rebuild: CustomerDailyRebuildTable;
  customer_batch: CustomerBatchTable;
  customer_count: CustomerCountTable;
  customer_batch_failure: CustomerBatchFailureTable;
  tag_customer_count: TagCustomerCountTable;
  tag_count_state: TagCountStateTable;
  tag_sync: TagSyncTable;
  auto_tag_rule: AutoTagRuleTable;
  auto_tag_record: AutoTagRecordTable;
  group_chat: GroupChatTable;
  group_member: GroupMemberTable;
  group_event: GroupEventTable;
  customer_transfer: CustomerTransferTable;
  callback_event: CallbackEventTable;
  callback_nonce: CallbackNonceTable;
  suite_ticket: SuiteTicketTable;
  wecom_auth_state: WecomAuthStateTable;
  server_secret: ServerSecretTable;
  job: JobTable;
  material_group: MaterialGroupTable;
  material_file: MaterialFileTable;
  material: MaterialTable;
  material_media: MaterialMediaTable;
  member_group: MemberGroupTable;
  member_group_member: MemberGroupMemberTable;
  contact_way_group: ContactWayGroupTable;
  contact_way: ContactWayTable;
  contact_way_member: ContactWayMemberTable;
  lead_batch: LeadBatchTable;
  lead: LeadTable;
  contact_way_add: ContactWayAddTable;
  cron_plan: CronPlanTable;
  limit_plan: LimitPlanTable;
  member_offline: MemberOfflineTable;
  risk_record: RiskRecordTable;
  notification: NotificationTable;
  notify_class_setting: NotifyClassSettingTable;
  notify_recipient: NotifyRecipientTable;
  notify_bind: NotifyBindTable;
  notify_delivery: NotifyDeliveryTable;
  notify_credit: NotifyCreditTable;
  notify_recharge: NotifyRechargeTable;
  moment: MomentTable;
  moment_member: MomentMemberTable;
  push: PushTable;
  push_task: PushTaskTable;
  push_target: PushTargetTable;
}

/** 朋友圈 (moment/moment.repository.ts). */
export interface MomentTable {
  id: Generated<number>;
  work_space_id: number;
  name: string;
  status: 'scheduled' | 'sending' | 'done' | 'cancelled' | 'failed';
  /** JSON MomentContent. */
  content: string;
  /** JSON MomentRange. */
  range: string;
  send_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** Set (committed) before add_moment_task is asked: a run that finds it set must look for the moment before asking again. */
  attempted_at: number | null;
  jobid: string | null;
  moment_id: string | null;
  members: Generated<number>;
  published: Generated<number>;
  unpublished: Generated<number>;
  invalid_senders: Generated<number>;
  invalid_tags: Generated<number>;
  error: string | null;
  tracked_at: number | null;
  next_track_at: number | null;
}

export interface MomentMemberTable {
  task_id: number;
  userid: string;
  status: 'unpublished' | 'published' | 'invalid';
  published_at: number | null;
  reminded_at: number | null;
}

/** 群发: one push to customers or groups (docs/push.md). `audience`, `content` and `attachments` are JSON. */
export interface PushTable {
  id: Generated<number>;
  work_space_id: number;
  name: string;
  chat_type: 'single' | 'group';
  status: 'scheduled' | 'sending' | 'done' | 'cancelled' | 'failed';
  audience: string;
  content: string;
  /** The attachments as sent (media uploaded once for the push). */
  attachments: string | null;
  send_at: number | null;
  started_at: number | null;
  finished_at: number | null;
  /** 1 once every target is written and split into tasks. */
  planned: Generated<number>;
  /** The last customer (or group) planned: a plan resumes after it. */
  plan_cursor: string | null;
  targets: Generated<number>;
  members: Generated<number>;
  members_sent: Generated<number>;
  sent: Generated<number>;
  unsent: Generated<number>;
  failed: Generated<number>;
  over_cap: Generated<number>;
  error: string | null;
  tracked_at: number | null;
  /** Business time of the next tracking read; null: no more. */
  next_track_at: number | null;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** One WeCom task: one add_msg_template for one sender (≤10,000 customers or ≤2,000 groups). */
export interface PushTaskTable {
  id: Generated<number>;
  push_id: number;
  work_space_id: number;
  sender: string;
  seq: number;
  targets: number;
  /** pending (not made yet), created (msgid known), failed (WeCom refused), cancelled (never made). */
  state: 'pending' | 'created' | 'failed' | 'cancelled';
  /** Wall-clock ms of the last add_msg_template sent without a known answer: it may exist at WeCom. */
  attempted_at: number | null;
  msgid: string | null;
  /** WeCom's member status: 0 not sent, 2 sent. */
  member_status: Generated<number>;
  send_time: number | null;
  results_read: Generated<number>;
  reminded_at: number | null;
  /** JSON epoch ms of the reminders within the last 24 hours (WeCom allows three). */
  reminder_times: string | null;
  cancelled_at: number | null;
  error: string | null;
}

/** One customer's (or group's) result in a push. */
export interface PushTargetTable {
  push_id: number;
  work_space_id: number;
  target_id: string;
  userid: string;
  task_id: number | null;
  status: 'unsent' | 'sent' | 'not_friend' | 'received_other' | 'refused' | 'over_cap';
  send_time: number | null;
}
