import { post, useRefreshingMutation } from '@scrm/web-kit';
import { tagRootKey } from './keys';

export const deleteTagGroup = (groupId: string) => post<null>('/api/qw/tag/delete/group', { groupIds: [groupId] }, { silent: true });
export const useDeleteTagGroup = (workId: number) => useRefreshingMutation(deleteTagGroup, tagRootKey(workId), { wait: true, always: true });
