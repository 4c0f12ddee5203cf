import type { LeadBatch, LeadBatchAddBody } from '@scrm/contracts/lead';
import { post } from '@scrm/web-kit';

export const addBatch = (body: LeadBatchAddBody) => post<LeadBatch>('/api/qw/customer/code/batch/add', body, { silent: true });
