import { post, useRefreshingMutation } from '@scrm/web-kit';
import { memberGroupsKey } from './list-member-groups';

/** The members themselves are not touched. */
export const deleteMemberGroup = (id: number) => post<null>('/api/qw/member/group/delete', { id }, { silent: true });
export const useDeleteMemberGroup = (workId: number) => useRefreshingMutation(deleteMemberGroup, memberGroupsKey(workId), { wait: true });
