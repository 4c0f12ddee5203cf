import type { CodeMemberList } from '@scrm/contracts/contact-way';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const codeMembersKey = (workId: number, id: number) => [...channelRootKey(workId), 'members', id] as const;
export const listCodeMembers = (id: number) => post<CodeMemberList>('/api/qw/lxw/member/list', { id });
export const codeMembersQueryOptions = (workId: number, id: number) => queryOptions({ queryKey: codeMembersKey(workId, id), queryFn: () => listCodeMembers(id) });
export const useCodeMembers = (workId: number, id: number, config: QueryConfig<typeof codeMembersQueryOptions> = {}) => useQuery({ ...codeMembersQueryOptions(workId, id), ...config });
