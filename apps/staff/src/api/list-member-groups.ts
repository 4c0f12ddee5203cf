import type { MemberGroupList } from '@scrm/contracts/member-group';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { memberGroupsKey as pickerGroupsKey } from '@scrm/web-parts';

/** Under the pickers' key: a change here refreshes the groups every member picker offers too. */
export const memberGroupsKey = (workId: number) => pickerGroupsKey(workId);
const pageKey = (workId: number) => [...pickerGroupsKey(workId), 'staff-page'] as const;
export const listMemberGroups = () => post<MemberGroupList>('/api/qw/member/group/find', {});
export const memberGroupsQueryOptions = (workId: number) => queryOptions({ queryKey: pageKey(workId), queryFn: listMemberGroups });
export const useMemberGroups = (workId: number, config: QueryConfig<typeof memberGroupsQueryOptions> = {}) => useQuery({ ...memberGroupsQueryOptions(workId), ...config });
