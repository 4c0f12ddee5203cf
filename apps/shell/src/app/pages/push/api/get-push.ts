import type { PushDetail } from '@scrm/contracts/push';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { pushRootKey } from './keys';

export const pushKey = (workId: number, id: number) => [...pushRootKey(workId), 'detail', id] as const;
// Silent: the page shows a missing push itself.
export const getPush = (id: number) => post<PushDetail>('/api/qw/push/detail', { id }, { silent: true });
export const pushQueryOptions = (workId: number, id: number) => queryOptions({ queryKey: pushKey(workId, id), queryFn: () => getPush(id) });
export const usePush = (workId: number, id: number, config: QueryConfig<typeof pushQueryOptions> = {}) => useQuery({ ...pushQueryOptions(workId, id), ...config });
