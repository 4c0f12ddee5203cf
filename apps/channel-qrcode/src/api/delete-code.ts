import { post, useRefreshingMutation } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const deleteCode = (id: number) => post<null>('/api/qw/lxw/del', { id }, { silent: true });
/** The list, the groups' counts and an open detail refresh. */
export const useDeleteCode = (workId: number) => useRefreshingMutation(deleteCode, channelRootKey(workId));
