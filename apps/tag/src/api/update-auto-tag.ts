import type { AutoTagRule, AutoTagUpdateBody } from '@scrm/contracts/auto-tag';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { autoTagRootKey } from './auto-tag-keys';

export const updateAutoTag = (body: AutoTagUpdateBody) => post<AutoTagRule>('/api/qw/tag/auto/update', body, { silent: true });
export const useUpdateAutoTag = (workId: number) => useRefreshingMutation(updateAutoTag, autoTagRootKey(workId), { wait: true });
