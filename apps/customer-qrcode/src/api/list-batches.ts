import type { LeadBatchList, LeadBatchListBody } from '@scrm/contracts/lead';
import { post } from '@scrm/web-kit';
import { leadRootKey } from './keys';

export const batchesKey = (workId: number, body: LeadBatchListBody) => [...leadRootKey(workId), 'list', body] as const;
export const listBatches = (body: LeadBatchListBody) => post<LeadBatchList>('/api/qw/customer/code/batch/list', body);
