import { post } from '@scrm/web-kit';

/** Its codes move to 未分组. */
export const deleteGroup = (id: number) => post<null>('/api/qw/lxw/group/delete', { id }, { silent: true });
