import type { DataTagList, DataRankBody } from '@scrm/contracts/data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { dataRootKey } from './keys';

export const tagFiguresKey = (workId: number, body: DataRankBody) => [...dataRootKey(workId), 'tagFigures', body] as const;
export const getTagFigures = (body: DataRankBody) => post<DataTagList>('/api/qw/data/customer/tag', body);
export const tagFiguresQueryOptions = (workId: number, body: DataRankBody) => queryOptions({ queryKey: tagFiguresKey(workId, body), queryFn: () => getTagFigures(body) });
export const useTagFigures = (workId: number, body: DataRankBody, config: QueryConfig<typeof tagFiguresQueryOptions> = {}) => useQuery({ ...tagFiguresQueryOptions(workId, body), ...config });
