import type { MemberGroup, MemberGroupRemoveBody } from '@scrm/contracts/member-group';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { memberGroupsKey } from './list-member-groups';

export const removeGroupMembers = (body: MemberGroupRemoveBody) => post<MemberGroup>('/api/qw/member/group/remove', body, { silent: true });
export const useRemoveGroupMembers = (workId: number) => useRefreshingMutation(removeGroupMembers, memberGroupsKey(workId), { wait: true });
