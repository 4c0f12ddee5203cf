import type { MemberGroupList } from '@scrm/contracts/member-group';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';

export const memberGroupsKey = (workId: number) => ['web-parts', 'member-groups', workId] as const;
export const findMemberGroups = () => post<MemberGroupList>('/api/qw/member/group/find', {}, { silent: true });
export const memberGroupsQueryOptions = (workId: number) => queryOptions({ queryKey: memberGroupsKey(workId), queryFn: findMemberGroups });
/** The work space's 成员分组 (silent: the pickers offer them as a help, a failure shows no toast) with their members, for the pickers' 「按分组选择」. */
export const useMemberGroups = (workId: number, config: QueryConfig<typeof memberGroupsQueryOptions> = {}) => useQuery({ ...memberGroupsQueryOptions(workId), ...config });
