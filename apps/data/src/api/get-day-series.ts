import type { DataDaySeries, DataRangeBody } from '@scrm/contracts/data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { dataRootKey } from './keys';

export const daySeriesKey = (workId: number, body: DataRangeBody) => [...dataRootKey(workId), 'daySeries', body] as const;
export const getDaySeries = (body: DataRangeBody) => post<DataDaySeries>('/api/qw/data/customer/day', body);
export const daySeriesQueryOptions = (workId: number, body: DataRangeBody) => queryOptions({ queryKey: daySeriesKey(workId, body), queryFn: () => getDaySeries(body) });
export const useDaySeries = (workId: number, body: DataRangeBody, config: QueryConfig<typeof daySeriesQueryOptions> = {}) => useQuery({ ...daySeriesQueryOptions(workId, body), ...config });
