import type { CodeGroup } from '@scrm/contracts/contact-way';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { groupsKey } from './list-groups';

export const addGroup = (name: string) => post<CodeGroup>('/api/qw/lxw/group/add', { name }, { silent: true });
/** Resolves once the groups are read again, so the new one can be chosen at once. */
export const useAddGroup = (workId: number) => useRefreshingMutation(addGroup, groupsKey(workId), { wait: true });
