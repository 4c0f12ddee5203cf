import type { TagGroupUpdateBody } from '@scrm/contracts/tag';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { tagRootKey } from './keys';

/** Rename a tag group or give it a new order (a larger order first). */
export const updateTagGroup = (body: TagGroupUpdateBody) => post<null>('/api/qw/tag/update/group', body, { silent: true });
export const useUpdateTagGroup = (workId: number) => useRefreshingMutation(updateTagGroup, tagRootKey(workId), { wait: true, always: true });
