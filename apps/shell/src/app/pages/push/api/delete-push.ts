import { post, useRefreshingMutation } from '@scrm/web-kit';
import { pushRootKey } from './keys';

export const deletePush = (id: number) => post<null>('/api/qw/push/delete', { id }, { silent: true });
export const useDeletePush = (workId: number) => useRefreshingMutation(deletePush, pushRootKey(workId), { wait: true });
