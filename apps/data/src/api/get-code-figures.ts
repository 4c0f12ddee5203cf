import type { DataCodeList, DataRankBody } from '@scrm/contracts/data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { dataRootKey } from './keys';

export const codeFiguresKey = (workId: number, body: DataRankBody) => [...dataRootKey(workId), 'codeFigures', body] as const;
export const getCodeFigures = (body: DataRankBody) => post<DataCodeList>('/api/qw/data/customer/code', body);
export const codeFiguresQueryOptions = (workId: number, body: DataRankBody) => queryOptions({ queryKey: codeFiguresKey(workId, body), queryFn: () => getCodeFigures(body) });
export const useCodeFigures = (workId: number, body: DataRankBody, config: QueryConfig<typeof codeFiguresQueryOptions> = {}) => useQuery({ ...codeFiguresQueryOptions(workId, body), ...config });
