import type { WorkSpaceList } from '@scrm/contracts/workspace';
import type { WorkSpaceInfo } from '@scrm/contracts/qw';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';

export const WORK_SPACES_KEY = ['qw', 'work-spaces'] as const;

/** The account's work spaces with each one's status and sync progress. */
export async function listWorkSpaces(): Promise<WorkSpaceInfo[]> {
  const { list } = await post<WorkSpaceList>('/api/qw/list', { page: 1, pageSize: 100 });
  return Promise.all(list.map((w) => post<WorkSpaceInfo>('/api/qw/info', { id: w.id })));
}
export const workSpacesQueryOptions = () => queryOptions({ queryKey: WORK_SPACES_KEY, queryFn: listWorkSpaces });
export const useWorkSpaces = (config: QueryConfig<typeof workSpacesQueryOptions> = {}) => useQuery({ ...workSpacesQueryOptions(), ...config });
