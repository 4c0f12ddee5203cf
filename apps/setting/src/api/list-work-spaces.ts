import type { WorkSpaceList } from '@scrm/contracts/workspace';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';

/** The main account's work spaces (id, name), for the work spaces a child may see. */
export const WORK_SPACES_KEY = ['setting', 'work-spaces'] as const;
export const listWorkSpaces = () => post<WorkSpaceList>('/api/qw/list', { page: 1, pageSize: 100 });
export const workSpacesQueryOptions = () => queryOptions({ queryKey: WORK_SPACES_KEY, queryFn: listWorkSpaces });
export const useWorkSpaces = (config: QueryConfig<typeof workSpacesQueryOptions> = {}) => useQuery({ ...workSpacesQueryOptions(), ...config });
