import type { LeadBatch } from '@scrm/contracts/lead';
import { post } from '@scrm/web-kit';

export const retryBatch = (id: number) => post<LeadBatch>('/api/qw/customer/code/batch/retry', { id }, { silent: true });
