import type { MemberGroup, MemberGroupUpdateBody } from '@scrm/contracts/member-group';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { memberGroupsKey } from './list-member-groups';

/** Renames and/or sets the members (the list replaces them). */
export const updateMemberGroup = (body: MemberGroupUpdateBody) => post<MemberGroup>('/api/qw/member/group/update', body, { silent: true });
export const useUpdateMemberGroup = (workId: number) => useRefreshingMutation(updateMemberGroup, memberGroupsKey(workId), { wait: true });
