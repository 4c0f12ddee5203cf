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
}

export interface DB {
  account: AccountTable;
  session: SessionTable;
  sms_code: SmsCodeTable;
  login_failure: LoginFailureTable;
  qr_scene: QrSceneTable;
  work_space: WorkSpaceTable;
}
