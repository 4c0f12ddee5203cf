import type { DataMemberList, DataRankBody } from '@scrm/contracts/data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { dataRootKey } from './keys';

export const memberFiguresKey = (workId: number, body: DataRankBody) => [...dataRootKey(workId), 'memberFigures', body] as const;
export const getMemberFigures = (body: DataRankBody) => post<DataMemberList>('/api/qw/data/customer/member', body);
export const memberFiguresQueryOptions = (workId: number, body: DataRankBody) => queryOptions({ queryKey: memberFiguresKey(workId, body), queryFn: () => getMemberFigures(body) });
export const useMemberFigures = (workId: number, body: DataRankBody, config: QueryConfig<typeof memberFiguresQueryOptions> = {}) => useQuery({ ...memberFiguresQueryOptions(workId, body), ...config });
