import { post, useRefreshingMutation } from '@scrm/web-kit';
import { channelRootKey } from './keys';

/** groupId null: out of every group (未分组). */
export const moveToGroup = (ids: number[], groupId: number | null) => post<null>('/api/qw/lxw/group/remove', { ids, groupId }, { silent: true });
/** The list and the groups' counts refresh. */
export const useMoveToGroup = (workId: number) => useRefreshingMutation(({ ids, groupId }: { ids: number[]; groupId: number | null }) => moveToGroup(ids, groupId), channelRootKey(workId));
