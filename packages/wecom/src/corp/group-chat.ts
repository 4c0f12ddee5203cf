// CorpApi part — Customer groups.
import { CorpCalls } from '../calls';
import type { GroupChatListRequest, GroupChatListResponse, GroupChatGetResponse } from '../wire/group-chat';

export abstract class GroupChatCalls extends CorpCalls {
  /** ∞ Every customer group (ids and status). */
  groupChatList(body: GroupChatListRequest = {}): Promise<GroupChatListResponse> {
    return this.postAll<GroupChatListResponse>('externalcontact/groupchat/list', 'group_chat_list', {
      ...body,
      limit: body.limit ?? 1000,
    });
  }

  groupChatGet(chatId: string, needName = false): Promise<GroupChatGetResponse> {
    return this.post('externalcontact/groupchat/get', { chat_id: chatId, need_name: needName ? 1 : 0 });
  }
}
