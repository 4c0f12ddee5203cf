import type { MomentMemberList, MomentMembersBody } from '@scrm/contracts/moment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { momentRootKey } from './keys';

export const momentMembersKey = (workId: number, body: MomentMembersBody) => [...momentRootKey(workId), 'members', body] as const;
export const listMomentMembers = (body: MomentMembersBody) => post<MomentMemberList>('/api/qw/moment/members', body);
export const momentMembersQueryOptions = (workId: number, body: MomentMembersBody) =>
  queryOptions({ queryKey: momentMembersKey(workId, body), queryFn: () => listMomentMembers(body) });
export const useMomentMembers = (workId: number, body: MomentMembersBody, config: QueryConfig<typeof momentMembersQueryOptions> = {}) =>
  useQuery({ ...momentMembersQueryOptions(workId, body), ...config });
