import { post } from '@scrm/web-kit';

/** groupId null: out of every group (未分组). */
export const moveToGroup = (ids: number[], groupId: number | null) => post<null>('/api/qw/lxw/group/remove', { ids, groupId }, { silent: true });
