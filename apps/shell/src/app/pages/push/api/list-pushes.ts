import type { PushList, PushListBody } from '@scrm/contracts/push';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { pushRootKey } from './keys';

export const pushesKey = (workId: number, body: PushListBody) => [...pushRootKey(workId), 'list', body] as const;
export const listPushes = (body: PushListBody) => post<PushList>('/api/qw/push/list', body);
export const pushesQueryOptions = (workId: number, body: PushListBody) => queryOptions({ queryKey: pushesKey(workId, body), queryFn: () => listPushes(body) });
export const usePushes = (workId: number, body: PushListBody, config: QueryConfig<typeof pushesQueryOptions> = {}) => useQuery({ ...pushesQueryOptions(workId, body), ...config });
