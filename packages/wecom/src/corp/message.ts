// CorpApi part — Mass messages (群发) and the welcome message.
import { CorpCalls } from '../calls';
import type { WecomResponse } from '../wire/common';
import type {
  AddMsgTemplateRequest,
  AddMsgTemplateResponse,
  GetGroupmsgListV2Request,
  GetGroupmsgListV2Response,
  GetGroupmsgTaskResponse,
  GetGroupmsgSendResultResponse,
  GroupmsgIdRequest,
  SendWelcomeMsgRequest,
} from '../wire/message';

export abstract class MessageCalls extends CorpCalls {
  addMsgTemplate(body: AddMsgTemplateRequest): Promise<AddMsgTemplateResponse> {
    return this.post('externalcontact/add_msg_template', body);
  }

  /** ∞ Every mass message in the range. */
  getGroupmsgListV2(body: GetGroupmsgListV2Request): Promise<GetGroupmsgListV2Response> {
    return this.postAll<GetGroupmsgListV2Response>('externalcontact/get_groupmsg_list_v2', 'group_msg_list', {
      ...body,
      limit: body.limit ?? 100,
    });
  }

  /** ∞ Every member task of a mass message. */
  getGroupmsgTask(msgid: string): Promise<GetGroupmsgTaskResponse> {
    return this.postAll<GetGroupmsgTaskResponse>('externalcontact/get_groupmsg_task', 'task_list', { msgid, limit: 1000 });
  }

  /** ∞ Every send result of one member for a mass message. */
  getGroupmsgSendResult(msgid: string, userid: string): Promise<GetGroupmsgSendResultResponse> {
    return this.postAll<GetGroupmsgSendResultResponse>('externalcontact/get_groupmsg_send_result', 'send_list', {
      msgid,
      userid,
      limit: 1000,
    });
  }

  /** 提醒发送: reminds the members of a mass message who have not sent it (once a task per 24 h). */
  remindGroupmsgSend(msgid: string): Promise<WecomResponse> {
    return this.post('externalcontact/remind_groupmsg_send', { msgid } satisfies GroupmsgIdRequest);
  }

  /** 停止发送: members who have not sent a mass message can no longer send it. */
  cancelGroupmsgSend(msgid: string): Promise<WecomResponse> {
    return this.post('externalcontact/cancel_groupmsg_send', { msgid } satisfies GroupmsgIdRequest);
  }

  sendWelcomeMsg(body: SendWelcomeMsgRequest): Promise<WecomResponse> {
    return this.post('externalcontact/send_welcome_msg', body);
  }
}
