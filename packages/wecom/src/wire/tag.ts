// Corp customer tags and tagging a customer.
import type { WecomResponse } from './common';

export interface CorpTag {
  id: string;
  name: string;
  create_time?: number;
  order: number;
  deleted?: boolean;
}
export interface TagGroup {
  group_id: string;
  group_name: string;
  create_time?: number;
  order: number;
  deleted?: boolean;
  tag: CorpTag[];
}
export interface GetCorpTagListRequest {
  tag_id?: string[];
  group_id?: string[];
}
export interface GetCorpTagListResponse extends WecomResponse {
  tag_group: TagGroup[];
}
export interface AddCorpTagRequest {
  group_id?: string;
  group_name?: string;
  order?: number;
  tag: { name: string; order?: number }[];
  agentid?: number;
}
export interface AddCorpTagResponse extends WecomResponse {
  tag_group: TagGroup;
}
export interface EditCorpTagRequest {
  id: string;
  name?: string;
  order?: number;
  agentid?: number;
}
export interface DelCorpTagRequest {
  tag_id?: string[];
  group_id?: string[];
  agentid?: number;
}
export interface MarkTagRequest {
  userid: string;
  external_userid: string;
  add_tag?: string[];
  remove_tag?: string[];
}
