import type { SyncProgress } from '@scrm/contracts/qw';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { groupRootKey } from './keys';

export const syncGroups = () => post<SyncProgress>('/api/qw/group/sync', {});
export const useSyncGroups = (workId: number) => useRefreshingMutation(syncGroups, groupRootKey(workId));
