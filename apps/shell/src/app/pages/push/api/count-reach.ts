import type { PushReach, PushReachBody } from '@scrm/contracts/push';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { pushRootKey } from './keys';

/** 预计送达 of an audience being edited (not saved). */
export const reachKey = (workId: number, body: PushReachBody) => [...pushRootKey(workId), 'reach', body] as const;
export const countReach = (body: PushReachBody) => post<PushReach>('/api/qw/push/reach', body, { silent: true });
export const reachQueryOptions = (workId: number, body: PushReachBody) =>
  queryOptions({ queryKey: reachKey(workId, body), queryFn: () => countReach(body), placeholderData: keepPreviousData, staleTime: 30_000 });
export const useReach = (workId: number, body: PushReachBody, config: QueryConfig<typeof reachQueryOptions> = {}) => useQuery({ ...reachQueryOptions(workId, body), ...config });
