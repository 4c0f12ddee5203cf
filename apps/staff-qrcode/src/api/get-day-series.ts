import type { DaySeries, RangeBody } from '@scrm/contracts/contact-way';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const daySeriesKey = (workId: number, body: RangeBody) => [...staffRootKey(workId), 'day', body] as const;
export const getDaySeries = (body: RangeBody) => post<DaySeries>('/api/qw/staff/code/data/day', body);
export const daySeriesQueryOptions = (workId: number, body: RangeBody) => queryOptions({ queryKey: daySeriesKey(workId, body), queryFn: () => getDaySeries(body) });
export const useDaySeries = (workId: number, body: RangeBody, config: QueryConfig<typeof daySeriesQueryOptions> = {}) => useQuery({ ...daySeriesQueryOptions(workId, body), ...config });
