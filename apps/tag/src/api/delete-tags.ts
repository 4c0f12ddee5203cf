import { post, useRefreshingMutation } from '@scrm/web-kit';
import { tagRootKey } from './keys';

/** Customers lose the tags too; a group losing its last tag goes with it. */
export const deleteTags = (tagIds: string[]) => post<null>('/api/qw/tag/delete', { tagIds }, { silent: true });
export const useDeleteTags = (workId: number) => useRefreshingMutation(deleteTags, tagRootKey(workId), { wait: true, always: true });
