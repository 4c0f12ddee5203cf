import { post, useRefreshingMutation } from '@scrm/web-kit';
import { leadRootKey } from './keys';

export const deleteBatch = (id: number) => post<null>('/api/qw/customer/code/batch/del', { id }, { silent: true });
// A failed delete may have removed part of the batch: refresh either way.
export const useDeleteBatch = (workId: number) => useRefreshingMutation(deleteBatch, leadRootKey(workId), { always: true });
