import type { LeadBatch, LeadBatchUpdateBody } from '@scrm/contracts/lead';
import { post } from '@scrm/web-kit';

export const updateBatch = (body: LeadBatchUpdateBody) => post<LeadBatch>('/api/qw/customer/code/batch/update', body, { silent: true });
