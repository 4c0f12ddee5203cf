import type { TagUpdateBody } from '@scrm/contracts/tag';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { tagRootKey } from './keys';

/** Rename a tag or give it a new order (a larger order first). */
export const updateTag = (body: TagUpdateBody) => post<null>('/api/qw/tag/update', body, { silent: true });
export const useUpdateTag = (workId: number) => useRefreshingMutation(updateTag, tagRootKey(workId), { wait: true, always: true });
