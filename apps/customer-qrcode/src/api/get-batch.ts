import type { LeadBatch } from '@scrm/contracts/lead';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { leadRootKey } from './keys';

export const batchKey = (workId: number, id: number) => [...leadRootKey(workId), 'info', id] as const;
// Silent: the page shows a missing batch itself.
export const getBatch = (id: number) => post<LeadBatch>('/api/qw/customer/code/batch/info', { id }, { silent: true });
export const batchQueryOptions = (workId: number, id: number) => queryOptions({ queryKey: batchKey(workId, id), queryFn: () => getBatch(id) });
export const useBatch = (workId: number, id: number, config: QueryConfig<typeof batchQueryOptions> = {}) => useQuery({ ...batchQueryOptions(workId, id), ...config });
