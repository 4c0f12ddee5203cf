// Customer groups.
import type { WecomResponse, Paged } from './common';

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
