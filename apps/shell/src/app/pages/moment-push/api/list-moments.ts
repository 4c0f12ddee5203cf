import type { MomentList, MomentListBody } from '@scrm/contracts/moment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { momentRootKey } from './keys';

export const momentsKey = (workId: number, body: MomentListBody) => [...momentRootKey(workId), 'list', body] as const;
export const listMoments = (body: MomentListBody) => post<MomentList>('/api/qw/moment/list', body);
export const momentsQueryOptions = (workId: number, body: MomentListBody) => queryOptions({ queryKey: momentsKey(workId, body), queryFn: () => listMoments(body) });
export const useMoments = (workId: number, body: MomentListBody, config: QueryConfig<typeof momentsQueryOptions> = {}) => useQuery({ ...momentsQueryOptions(workId, body), ...config });
