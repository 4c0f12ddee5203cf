import type { GroupList, GroupListBody } from '@scrm/contracts/group';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@scrm/web-kit';
import { pushRootKey } from './keys';

/** Customer groups by name (and owner) for the audience's group pickers. */
export const groupOptionsKey = (workId: number, body: GroupListBody) => [...pushRootKey(workId), 'groups', body] as const;
export const listGroups = (body: GroupListBody) => post<GroupList>('/api/qw/group/list', body);
export const groupOptionsQueryOptions = (workId: number, body: GroupListBody) =>
  queryOptions({ queryKey: groupOptionsKey(workId, body), queryFn: () => listGroups(body), staleTime: 60_000, placeholderData: keepPreviousData });
export const useGroupOptions = (workId: number, body: GroupListBody) => useQuery({ ...groupOptionsQueryOptions(workId, body), enabled: workId > 0 });
