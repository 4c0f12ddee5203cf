import { post, useRefreshingMutation } from '@scrm/web-kit';
import { autoTagRootKey } from './auto-tag-keys';

export const deleteAutoTag = (id: number) => post<null>('/api/qw/tag/auto/delete', { id }, { silent: true });
export const useDeleteAutoTag = (workId: number) => useRefreshingMutation(deleteAutoTag, autoTagRootKey(workId), { wait: true });
