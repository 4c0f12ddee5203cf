import type { TagAddBody, TagAddResult } from '@scrm/contracts/tag';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { tagRootKey } from './keys';

/** A new group with its tags (groupName), or tags added to a group (groupId). */
export const addTags = (body: TagAddBody) => post<TagAddResult>('/api/qw/tag/add', body, { silent: true });
export const useAddTags = (workId: number) => useRefreshingMutation(addTags, tagRootKey(workId), { wait: true });
