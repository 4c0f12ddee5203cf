import type { MemberGroupList } from '@scrm/contracts/member-group';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';

export const memberGroupsKey = (workId: number) => ['staff', 'member-groups', workId] as const;
export const listMemberGroups = () => post<MemberGroupList>('/api/qw/member/group/find', {});
export const memberGroupsQueryOptions = (workId: number) => queryOptions({ queryKey: memberGroupsKey(workId), queryFn: listMemberGroups });
export const useMemberGroups = (workId: number, config: QueryConfig<typeof memberGroupsQueryOptions> = {}) => useQuery({ ...memberGroupsQueryOptions(workId), ...config });
