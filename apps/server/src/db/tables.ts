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
  /** JSON array of menu keys, for child accounts; '[]' for main accounts. */
  permission_keys: string;
  disabled: number;
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

export type QrPurpose = 'login' | 'bind';
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

export interface CallbackEventTable {
  id: Generated<number>;
  /** 0 for provider-level events (suite / template callbacks). */
  work_space_id: number;
  dedupe_key: string;
  raw_xml: string;
  parsed: string;
  received_at: number;
  processed_at: number | null;
  next_attempt_at: number;
  attempts: number;
  error: string | null;
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

export interface DB {
  account: AccountTable;
  session: SessionTable;
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
  group_chat: GroupChatTable;
  group_member: GroupMemberTable;
  callback_event: CallbackEventTable;
  suite_ticket: SuiteTicketTable;
  wecom_auth_state: WecomAuthStateTable;
  server_secret: ServerSecretTable;
}
