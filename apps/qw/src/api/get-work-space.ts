import type { WorkSpaceInfo } from '@scrm/contracts/qw';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';

export const workSpaceKey = (id: number) => ['qw', 'info', id] as const;
export const getWorkSpace = (id: number) => post<WorkSpaceInfo>('/api/qw/info', { id }, { silent: true });
export const workSpaceQueryOptions = (id: number) => queryOptions({ queryKey: workSpaceKey(id), queryFn: () => getWorkSpace(id) });
export const useWorkSpace = (id: number, config: QueryConfig<typeof workSpaceQueryOptions> = {}) => useQuery({ ...workSpaceQueryOptions(id), ...config });
/** A call that answers the work space as it is now: its answer replaces the cached one. */
export function useWorkSpaceMutation<V>(mutationFn: (variables: V) => Promise<WorkSpaceInfo>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (fresh) => client.setQueryData(workSpaceKey(fresh.id), fresh) });
}
