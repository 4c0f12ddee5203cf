// CorpApi part — Application messages to members (message/send), e.g. 提醒发表 of a moment.
import { CorpCalls } from '../calls';
import type { SendAppMessageResponse, SendAppTextRequest } from '../wire/app-message';

export abstract class AppMessageCalls extends CorpCalls {
  sendAppMessage(body: SendAppTextRequest): Promise<SendAppMessageResponse> {
    return this.post('message/send', body);
  }
}
