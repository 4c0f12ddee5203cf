import type { MemberGroup, MemberGroupAddBody } from '@scrm/contracts/member-group';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { memberGroupsKey } from './list-member-groups';

export const addMemberGroup = (body: MemberGroupAddBody) => post<MemberGroup>('/api/qw/member/group/add', body, { silent: true });
export const useAddMemberGroup = (workId: number) => useRefreshingMutation(addMemberGroup, memberGroupsKey(workId), { wait: true });
