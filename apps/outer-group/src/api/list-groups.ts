import type { GroupList, GroupListBody } from '@scrm/contracts/group';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { groupRootKey } from './keys';

export const groupsKey = (workId: number, body: GroupListBody) => [...groupRootKey(workId), 'list', body] as const;
export const listGroups = (body: GroupListBody) => post<GroupList>('/api/qw/group/list', body);
export const groupsQueryOptions = (workId: number, body: GroupListBody) => queryOptions({ queryKey: groupsKey(workId, body), queryFn: () => listGroups(body) });
export const useGroups = (workId: number, body: GroupListBody, config: QueryConfig<typeof groupsQueryOptions> = {}) => useQuery({ ...groupsQueryOptions(workId, body), ...config });
