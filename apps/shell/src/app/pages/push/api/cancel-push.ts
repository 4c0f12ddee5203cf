import { post, useRefreshingMutation } from '@scrm/web-kit';
import { pushRootKey } from './keys';

/** 取消群发: a scheduled one does not start; a sending one stops at WeCom (cancel_groupmsg_send). */
export const cancelPush = (id: number) => post<null>('/api/qw/push/cancel', { id }, { silent: true });
export const useCancelPush = (workId: number) => useRefreshingMutation(cancelPush, pushRootKey(workId), { wait: true });
