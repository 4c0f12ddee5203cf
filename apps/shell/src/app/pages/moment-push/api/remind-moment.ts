import type { MomentRemindBody, MomentRemindResult } from '@scrm/contracts/moment';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { momentRootKey } from './keys';

export const remindMoment = (body: MomentRemindBody) => post<MomentRemindResult>('/api/qw/moment/remind', body, { silent: true });
export const useRemindMoment = (workId: number) => useRefreshingMutation(remindMoment, momentRootKey(workId));
