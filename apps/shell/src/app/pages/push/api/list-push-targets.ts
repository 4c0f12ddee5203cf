import type { PushTargetList, PushTargetsBody } from '@scrm/contracts/push';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { pushRootKey } from './keys';

export const pushTargetsKey = (workId: number, body: PushTargetsBody) => [...pushRootKey(workId), 'targets', body] as const;
export const listPushTargets = (body: PushTargetsBody) => post<PushTargetList>('/api/qw/push/targets', body);
export const pushTargetsQueryOptions = (workId: number, body: PushTargetsBody) =>
  queryOptions({ queryKey: pushTargetsKey(workId, body), queryFn: () => listPushTargets(body), placeholderData: keepPreviousData });
export const usePushTargets = (workId: number, body: PushTargetsBody, config: QueryConfig<typeof pushTargetsQueryOptions> = {}) =>
  useQuery({ ...pushTargetsQueryOptions(workId, body), ...config });
