import type { PushMemberList, PushMembersBody } from '@scrm/contracts/push';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { pushRootKey } from './keys';

export const pushMembersKey = (workId: number, body: PushMembersBody) => [...pushRootKey(workId), 'members', body] as const;
export const listPushMembers = (body: PushMembersBody) => post<PushMemberList>('/api/qw/push/members', body);
export const pushMembersQueryOptions = (workId: number, body: PushMembersBody) =>
  queryOptions({ queryKey: pushMembersKey(workId, body), queryFn: () => listPushMembers(body), placeholderData: keepPreviousData });
export const usePushMembers = (workId: number, body: PushMembersBody, config: QueryConfig<typeof pushMembersQueryOptions> = {}) =>
  useQuery({ ...pushMembersQueryOptions(workId, body), ...config });
