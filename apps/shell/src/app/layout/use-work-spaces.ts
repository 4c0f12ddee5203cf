// The work-space list of the switcher, with the rules of spec §4 applied on every load.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { WORK_LIST_PAGE, WORK_LIST_PAGE_SIZE } from '@scrm/contracts/constants';
import type { WorkSpaceList } from '@scrm/contracts/workspace';
import { getWorkId, post, resolveWorkSpace, setWorkId, shouldRetry, store } from '@scrm/web-kit';

export const WORK_SPACES_KEY = ['qw', 'list', 'work-switcher'] as const;

export function useWorkSpaces() {
  const query = useQuery({
    queryKey: WORK_SPACES_KEY,
    queryFn: () => post<WorkSpaceList>('/api/qw/list', { page: WORK_LIST_PAGE, pageSize: WORK_LIST_PAGE_SIZE }),
    // One retry at most: the content waits for this list.
    retry: (failureCount, error) => failureCount < 1 && shouldRetry(failureCount, error),
  });
  const { refetch, data } = query;

  // Sub-apps ask for a new list after connecting or removing an enterprise account.
  useEffect(() => store.on('onWorkListRefresh', () => void refetch()), [refetch]);

  useEffect(() => {
    if (!data) return;
    const { workId } = resolveWorkSpace(data.list, getWorkId());
    if (workId !== getWorkId()) setWorkId(workId);
    store.set('workId', workId);
  }, [data]);

  return {
    list: data?.list ?? [],
    loading: query.isPending,
    /** Content may render: the work space is settled (or the list could not be had). */
    settled: query.isSuccess || query.isError,
  };
}
