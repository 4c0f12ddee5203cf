// CorpApi part — Mass messages (群发) and the welcome message.
import { allPages, CorpCalls, merged } from '../calls';
import type { WecomResponse } from '../wire/common';
import type {
  AddMsgTemplateRequest,
  AddMsgTemplateResponse,
  GetGroupmsgListV2Request,
  GetGroupmsgListV2Response,
  GetGroupmsgTaskResponse,
  GetGroupmsgSendResultResponse,
  SendWelcomeMsgRequest,
} from '../wire/message';

export abstract class MessageCalls extends CorpCalls {
  addMsgTemplate(body: AddMsgTemplateRequest): Promise<AddMsgTemplateResponse> {
    return this.post('externalcontact/add_msg_template', body);
  }

  /** ∞ Every mass message in the range. */
  async getGroupmsgListV2(body: GetGroupmsgListV2Request): Promise<GetGroupmsgListV2Response> {
    const path = 'externalcontact/get_groupmsg_list_v2';
    const pages = await allPages(path, (cursor) =>
      this.post<GetGroupmsgListV2Response>(path, { ...body, limit: body.limit ?? 100, cursor }),
    );
    return merged(pages, 'group_msg_list');
  }

  /** ∞ Every member task of a mass message. */
  async getGroupmsgTask(msgid: string): Promise<GetGroupmsgTaskResponse> {
    const path = 'externalcontact/get_groupmsg_task';
    const pages = await allPages(path, (cursor) => this.post<GetGroupmsgTaskResponse>(path, { msgid, limit: 1000, cursor }));
    return merged(pages, 'task_list');
  }

  /** ∞ Every send result of one member for a mass message. */
  async getGroupmsgSendResult(msgid: string, userid: string): Promise<GetGroupmsgSendResultResponse> {
    const path = 'externalcontact/get_groupmsg_send_result';
    const pages = await allPages(path, (cursor) =>
      this.post<GetGroupmsgSendResultResponse>(path, { msgid, userid, limit: 1000, cursor }),
    );
    return merged(pages, 'send_list');
  }

  sendWelcomeMsg(body: SendWelcomeMsgRequest): Promise<WecomResponse> {
    return this.post('externalcontact/send_welcome_msg', body);
  }
}
