import { post, useRefreshingMutation } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const deleteCodes = (ids: number[]) => post<null>('/api/qw/staff/code/del', { ids }, { silent: true });
export const useDeleteCodes = (workId: number) => useRefreshingMutation(deleteCodes, staffRootKey(workId));
