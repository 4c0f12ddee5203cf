// Application messages (message/send): what the corp's app tells its members.
import type { WecomResponse } from './common';

export interface SendAppTextRequest {
  /** Members, `|`-separated (≤ 1000). */
  touser: string;
  msgtype: 'text';
  agentid: number;
  text: { content: string };
}
export interface SendAppMessageResponse extends WecomResponse {
  invaliduser?: string;
  msgid?: string;
}
