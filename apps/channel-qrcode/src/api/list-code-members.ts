import type { CodeMemberList } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const codeMembersKey = (workId: number, id: number) => [...channelRootKey(workId), 'members', id] as const;
export const listCodeMembers = (id: number) => post<CodeMemberList>('/api/qw/lxw/member/list', { id });
