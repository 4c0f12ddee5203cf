import { queryOptions, useQuery } from '@tanstack/react-query';
import { WORK_LIST_PAGE, WORK_LIST_PAGE_SIZE } from '@scrm/contracts/constants';
import type { WorkSpaceList } from '@scrm/contracts/workspace';
import { post, shouldRetry } from '@scrm/web-kit';

export const WORK_SPACES_KEY = ['qw', 'list', 'work-switcher'] as const;
export const listWorkSpaces = () => post<WorkSpaceList>('/api/qw/list', { page: WORK_LIST_PAGE, pageSize: WORK_LIST_PAGE_SIZE });
export const workSpacesQueryOptions = () =>
  queryOptions({
    queryKey: WORK_SPACES_KEY,
    queryFn: listWorkSpaces,
    // One retry at most: the content waits for this list.
    retry: (failureCount, error) => failureCount < 1 && shouldRetry(failureCount, error),
  });
export const useWorkSpaceList = () => useQuery(workSpacesQueryOptions());
