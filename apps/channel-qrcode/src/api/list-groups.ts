import type { CodeGroupList } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const groupsKey = (workId: number) => [...channelRootKey(workId), 'groups'] as const;
export const listGroups = () => post<CodeGroupList>('/api/qw/lxw/group/find', {});
