// A push's audience in words, for its detail: one line per filter that narrows it.
import { GENDER_LABEL, TAG_MODE_LABEL } from '@scrm/contracts/customer';
import type { PushAudience, PushChatType } from '@scrm/contracts/push';
import { T } from './texts';

export interface Names {
  members(userids: readonly string[]): string;
  tags(ids: readonly string[]): string;
}

export function describeAudience(chatType: PushChatType, a: PushAudience, names: Names): string[] {
  if (chatType === 'group') {
    const lines: string[] = [];
    if (a.ownerUserids?.length) lines.push(T.describe.owners(names.members(a.ownerUserids)));
    if (a.chatIds?.length) lines.push(T.describe.chats(a.chatIds.length));
    return lines.length ? lines : [T.describe.allGroups];
  }
  const lines: string[] = [];
  if (a.userids?.length) lines.push(T.describe.members(names.members(a.userids)));
  if (a.tagIds?.length) lines.push(T.describe.tags(TAG_MODE_LABEL[a.tagMode ?? 'any'], names.tags(a.tagIds)));
  if (a.contactWayIds?.length) lines.push(T.describe.codes(a.contactWayIds.length));
  if (a.addedFrom || a.addedTo) lines.push(T.describe.added(a.addedFrom ?? '', a.addedTo ?? ''));
  if (a.gender !== undefined) lines.push(T.describe.gender(GENDER_LABEL[a.gender] ?? String(a.gender)));
  if (a.chatIds?.length) lines.push(T.describe.groups(a.chatIds.length));
  return lines.length ? lines : [T.describe.everyone];
}
