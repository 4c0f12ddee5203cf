// Mass messages to customers and groups (群发), and the welcome message.
import type { WecomResponse, Paged } from './common';

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
/** remind_groupmsg_send, cancel_groupmsg_send. */
export interface GroupmsgIdRequest {
  msgid: string;
}
export interface SendWelcomeMsgRequest {
  welcome_code: string;
  text?: { content: string };
  attachments?: MsgAttachment[];
}
