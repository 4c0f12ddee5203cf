import type { LeadBatch } from '@scrm/contracts/lead';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { leadRootKey } from './keys';

export const retryBatch = (id: number) => post<LeadBatch>('/api/qw/customer/code/batch/retry', { id }, { silent: true });
export const useRetryBatch = (workId: number) => useRefreshingMutation(retryBatch, leadRootKey(workId), { always: true });
