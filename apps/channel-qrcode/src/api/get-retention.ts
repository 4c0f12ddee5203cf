import type { RangeBody, RetentionTable } from '@scrm/contracts/contact-way';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const retentionKey = (workId: number, body: RangeBody) => [...channelRootKey(workId), 'retention', body] as const;
export const getRetention = (body: RangeBody) => post<RetentionTable>('/api/qw/lxw/keep/data', body);
export const retentionQueryOptions = (workId: number, body: RangeBody) => queryOptions({ queryKey: retentionKey(workId, body), queryFn: () => getRetention(body) });
export const useRetention = (workId: number, body: RangeBody, config: QueryConfig<typeof retentionQueryOptions> = {}) => useQuery({ ...retentionQueryOptions(workId, body), ...config });
