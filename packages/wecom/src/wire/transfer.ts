// Customer transfers: 在职继承 and 离职继承.
import type { WecomResponse, Paged } from './common';

export interface TransferCustomerRequest {
  handover_userid: string;
  takeover_userid: string;
  /** ≤100 per call. */
  external_userid: string[];
  /** 在职继承 only: the message the customer receives (≤200 characters; WeCom's default when empty). */
  transfer_success_msg?: string;
}
export interface TransferCustomerResponse extends WecomResponse {
  /** errcode 0: the transfer started (the customer has 24 hours to refuse); 40129 already in transfer. */
  customer: { external_userid: string; errcode: number }[];
}

export interface TransferResultRequest {
  handover_userid: string;
  takeover_userid: string;
}
/** 1 taken over, 2 waiting, 3 refused by the customer, 4 the taker is at their customer limit, 5 no such transfer. */
export type TransferStatus = 1 | 2 | 3 | 4 | 5;
export interface TransferResultResponse extends WecomResponse, Paged {
  customer: { external_userid: string; status: TransferStatus; takeover_time: number }[];
}

export interface UnassignedListResponse extends WecomResponse, Paged {
  info: { handover_userid: string; external_userid: string; dimission_time: number }[];
  is_last: boolean;
}

export interface GroupChatTransferRequest {
  /** ≤100 per call. */
  chat_id_list: string[];
  new_owner: string;
}
export interface GroupChatTransferResponse extends WecomResponse {
  failed_chat_list: { chat_id: string; errcode: number; errmsg: string }[];
}
