import type { MomentDetail } from '@scrm/contracts/moment';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { momentRootKey } from './keys';

export const cancelMoment = (id: number) => post<MomentDetail>('/api/qw/moment/cancel', { id }, { silent: true });
export const useCancelMoment = (workId: number) => useRefreshingMutation(cancelMoment, momentRootKey(workId));
