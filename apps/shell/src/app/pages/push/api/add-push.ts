import type { PushDetail, PushInput } from '@scrm/contracts/push';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { pushRootKey } from './keys';

export const addPush = (body: PushInput) => post<PushDetail>('/api/qw/push/add', body, { silent: true });
export const useAddPush = (workId: number) => useRefreshingMutation(addPush, pushRootKey(workId), { wait: true });
