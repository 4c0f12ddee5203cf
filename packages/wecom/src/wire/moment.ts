// Customer moments (朋友圈) tasks.
import type { WecomResponse } from './common';

export type MomentAttachment =
  | { msgtype: 'image'; image: { media_id: string } }
  | { msgtype: 'video'; video: { media_id: string } }
  | { msgtype: 'link'; link: { title?: string; url: string; media_id?: string } };
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
/** externalcontact/get_moment_task: whether each member of an enterprise moment published it. */
export interface GetMomentTaskResponse extends WecomResponse {
  next_cursor?: string;
  /** publish_status 0 not published, 1 published. */
  task_list?: Array<{ userid: string; publish_status: number }>;
}
/** externalcontact/get_moment_list: the corp's moments in a time range (seconds, ≤ 30 days). */
export interface GetMomentListRequest {
  start_time: number;
  end_time: number;
  creator?: string;
  /** 0 enterprise, 1 personal, 2 all. */
  filter_type?: number;
  cursor?: string;
  limit?: number;
}
export interface MomentListItem {
  moment_id: string;
  creator?: string;
  create_time: number;
  /** 0 enterprise, 1 personal. */
  create_type: number;
  visible_type?: number;
  text?: { content?: string };
}
export interface GetMomentListResponse extends WecomResponse {
  next_cursor?: string;
  moment_list?: MomentListItem[];
}
