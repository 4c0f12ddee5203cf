import type { LeadBatchList, LeadBatchListBody } from '@scrm/contracts/lead';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { leadRootKey } from './keys';

export const batchesKey = (workId: number, body: LeadBatchListBody) => [...leadRootKey(workId), 'list', body] as const;
export const listBatches = (body: LeadBatchListBody) => post<LeadBatchList>('/api/qw/customer/code/batch/list', body);
export const batchesQueryOptions = (workId: number, body: LeadBatchListBody) => queryOptions({ queryKey: batchesKey(workId, body), queryFn: () => listBatches(body) });
export const useBatches = (workId: number, body: LeadBatchListBody, config: QueryConfig<typeof batchesQueryOptions> = {}) => useQuery({ ...batchesQueryOptions(workId, body), ...config });
