import type { MomentDetail, MomentInput } from '@scrm/contracts/moment';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { momentRootKey } from './keys';

export const addMoment = (body: MomentInput) => post<MomentDetail>('/api/qw/moment/add', body, { silent: true });
export const useAddMoment = (workId: number) => useRefreshingMutation(addMoment, momentRootKey(workId));
