import { post, useRefreshingMutation } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const retryCodes = (ids: number[]) => post<null>('/api/qw/staff/code/retry', { ids }, { silent: true });
export const useRetryCodes = (workId: number) => useRefreshingMutation(retryCodes, staffRootKey(workId), { always: true });
