// The work-space list of the switcher, with the rules of spec §4 applied on every load.
import { useEffect } from 'react';
import { getWorkId, resolveWorkSpace, setWorkId, store } from '@scrm/web-kit';
import { useWorkSpaceList } from '../../api/list-work-spaces';

export function useWorkSpaces() {
  const query = useWorkSpaceList();
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
