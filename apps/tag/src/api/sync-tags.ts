import type { TagSyncResult } from '@scrm/contracts/tag';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { tagRootKey } from './keys';

/** Re-reads the corp tags from WeCom (answers when done). */
export const syncTags = () => post<TagSyncResult>('/api/qw/tag/sync', {}, { silent: true });
export const useSyncTags = (workId: number) => useRefreshingMutation(syncTags, tagRootKey(workId), { wait: true, always: true });
