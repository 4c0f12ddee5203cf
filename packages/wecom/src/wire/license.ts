// Interface licences (接口许可): orders, accounts, activation, transfer.
import type { WecomResponse, Paged } from './common';

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
