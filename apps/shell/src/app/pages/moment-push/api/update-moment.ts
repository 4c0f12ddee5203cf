import type { MomentDetail, MomentUpdateBody } from '@scrm/contracts/moment';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { momentRootKey } from './keys';

export const updateMoment = (body: MomentUpdateBody) => post<MomentDetail>('/api/qw/moment/update', body, { silent: true });
export const useUpdateMoment = (workId: number) => useRefreshingMutation(updateMoment, momentRootKey(workId));
