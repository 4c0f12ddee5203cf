import type { DataRetention, DataRangeBody } from '@scrm/contracts/data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { dataRootKey } from './keys';

export const retentionKey = (workId: number, body: DataRangeBody) => [...dataRootKey(workId), 'retention', body] as const;
export const getRetention = (body: DataRangeBody) => post<DataRetention>('/api/qw/data/customer/retention', body);
export const retentionQueryOptions = (workId: number, body: DataRangeBody) => queryOptions({ queryKey: retentionKey(workId, body), queryFn: () => getRetention(body) });
export const useRetention = (workId: number, body: DataRangeBody, config: QueryConfig<typeof retentionQueryOptions> = {}) => useQuery({ ...retentionQueryOptions(workId, body), ...config });
