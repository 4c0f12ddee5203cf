// Customers (external contacts) and their relations to members; member behaviour data.
import type { WecomResponse, Paged } from './common';

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
