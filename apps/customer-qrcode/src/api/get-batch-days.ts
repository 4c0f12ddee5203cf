import type { DaySeries } from '@scrm/contracts/contact-way';
import type { LeadBatchRangeBody } from '@scrm/contracts/lead';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { leadRootKey } from './keys';

export const batchDaysKey = (workId: number, body: LeadBatchRangeBody) => [...leadRootKey(workId), 'day', body] as const;
export const getBatchDays = (body: LeadBatchRangeBody) => post<DaySeries>('/api/qw/customer/code/batch/data/day', body);
export const batchDaysQueryOptions = (workId: number, body: LeadBatchRangeBody) => queryOptions({ queryKey: batchDaysKey(workId, body), queryFn: () => getBatchDays(body) });
export const useBatchDays = (workId: number, body: LeadBatchRangeBody, config: QueryConfig<typeof batchDaysQueryOptions> = {}) => useQuery({ ...batchDaysQueryOptions(workId, body), ...config });
