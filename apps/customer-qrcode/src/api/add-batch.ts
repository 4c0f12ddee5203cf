import type { LeadBatch, LeadBatchAddBody } from '@scrm/contracts/lead';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { leadRootKey } from './keys';

export const addBatch = (body: LeadBatchAddBody) => post<LeadBatch>('/api/qw/customer/code/batch/add', body, { silent: true });
export const useAddBatch = (workId: number) => useRefreshingMutation(addBatch, leadRootKey(workId), { wait: true });
