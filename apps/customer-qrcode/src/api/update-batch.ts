import type { LeadBatch, LeadBatchUpdateBody } from '@scrm/contracts/lead';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { leadRootKey } from './keys';

export const updateBatch = (body: LeadBatchUpdateBody) => post<LeadBatch>('/api/qw/customer/code/batch/update', body, { silent: true });
export const useUpdateBatch = (workId: number) => useRefreshingMutation(updateBatch, leadRootKey(workId), { wait: true });
