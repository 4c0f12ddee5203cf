import type { CodeGroupList } from '@scrm/contracts/contact-way';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const groupsKey = (workId: number) => [...channelRootKey(workId), 'groups'] as const;
export const listGroups = () => post<CodeGroupList>('/api/qw/lxw/group/find', {});
export const groupsQueryOptions = (workId: number) => queryOptions({ queryKey: groupsKey(workId), queryFn: listGroups });
export const useGroups = (workId: number, config: QueryConfig<typeof groupsQueryOptions> = {}) => useQuery({ ...groupsQueryOptions(workId), ...config });
