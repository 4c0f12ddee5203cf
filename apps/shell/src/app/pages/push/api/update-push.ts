import type { PushDetail, PushUpdateBody } from '@scrm/contracts/push';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { pushRootKey } from './keys';

export const updatePush = (body: PushUpdateBody) => post<PushDetail>('/api/qw/push/update', body, { silent: true });
export const useUpdatePush = (workId: number) => useRefreshingMutation(updatePush, pushRootKey(workId), { wait: true });
