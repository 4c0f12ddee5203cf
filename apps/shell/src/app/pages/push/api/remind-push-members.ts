import type { PushRemindBody, PushRemindResult } from '@scrm/contracts/push';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { pushRootKey } from './keys';

/** 提醒发送: one member, or every member who has not sent (no userid). */
export const remindPushMembers = (body: PushRemindBody) => post<PushRemindResult>('/api/qw/push/remind', body, { silent: true });
export const useRemindPushMembers = (workId: number) => useRefreshingMutation(remindPushMembers, pushRootKey(workId));
