import type { MemberList, MemberListBody } from '@scrm/contracts/qw';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';

export const membersKey = (workId: number, body: MemberListBody) => ['staff', 'members', workId, body] as const;
export const listMembers = (body: MemberListBody) => post<MemberList>('/api/qw/member/list', body);
export const membersQueryOptions = (workId: number, body: MemberListBody) => queryOptions({ queryKey: membersKey(workId, body), queryFn: () => listMembers(body) });
export const useMembers = (workId: number, body: MemberListBody, config: QueryConfig<typeof membersQueryOptions> = {}) => useQuery({ ...membersQueryOptions(workId, body), ...config });
