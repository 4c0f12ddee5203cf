// Customer moments (朋友圈) tasks.
import type { WecomResponse } from './common';

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
