import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerBatch } from '@scrm/contracts/customer';
import { post } from '@scrm/web-kit';
import { customerRootKey } from './keys';

/** How often a running batch is read again. */
export const BATCH_POLL_MS = 1000;

export const batchKey = (workId: number, id: number) => [...customerRootKey(workId), 'batch', id] as const;
export const getBatch = (id: number) => post<CustomerBatch>('/api/qw/customer/batch/info', { id });
export const batchQueryOptions = (workId: number, id: number) =>
  queryOptions({
    queryKey: batchKey(workId, id),
    queryFn: () => getBatch(id),
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? BATCH_POLL_MS : false),
  });
export const useBatch = (workId: number, id: number | null) => useQuery({ ...batchQueryOptions(workId, id ?? 0), enabled: workId > 0 && id !== null });
