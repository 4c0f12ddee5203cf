// CorpApi part — Customer groups.
import { allPages, CorpCalls, merged } from '../calls';
import type { GroupChatListRequest, GroupChatListResponse, GroupChatGetResponse } from '../wire/group-chat';

export abstract class GroupChatCalls extends CorpCalls {
  /** ∞ Every customer group (ids and status). */
  async groupChatList(body: GroupChatListRequest = {}): Promise<GroupChatListResponse> {
    const path = 'externalcontact/groupchat/list';
    const pages = await allPages(path, (cursor) =>
      this.post<GroupChatListResponse>(path, { ...body, limit: body.limit ?? 1000, cursor }),
    );
    return merged(pages, 'group_chat_list');
  }

  groupChatGet(chatId: string, needName = false): Promise<GroupChatGetResponse> {
    return this.post('externalcontact/groupchat/get', { chat_id: chatId, need_name: needName ? 1 : 0 });
  }
}
