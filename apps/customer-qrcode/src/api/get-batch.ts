import type { LeadBatch } from '@scrm/contracts/lead';
import { post } from '@scrm/web-kit';
import { leadRootKey } from './keys';

export const batchKey = (workId: number, id: number) => [...leadRootKey(workId), 'info', id] as const;
// Silent: the page shows a missing batch itself.
export const getBatch = (id: number) => post<LeadBatch>('/api/qw/customer/code/batch/info', { id }, { silent: true });
