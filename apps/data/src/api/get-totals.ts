import type { DataTotals, DataRangeBody } from '@scrm/contracts/data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { dataRootKey } from './keys';

export const totalsKey = (workId: number, body: DataRangeBody) => [...dataRootKey(workId), 'totals', body] as const;
export const getTotals = (body: DataRangeBody) => post<DataTotals>('/api/qw/data/customer/overview', body);
export const totalsQueryOptions = (workId: number, body: DataRangeBody) => queryOptions({ queryKey: totalsKey(workId, body), queryFn: () => getTotals(body) });
export const useTotals = (workId: number, body: DataRangeBody, config: QueryConfig<typeof totalsQueryOptions> = {}) => useQuery({ ...totalsQueryOptions(workId, body), ...config });
