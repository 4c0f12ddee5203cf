import type { AutoTagRule } from '@scrm/contracts/auto-tag';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { autoTagRootKey } from './auto-tag-keys';

export const rerunAutoTag = (id: number) => post<AutoTagRule>('/api/qw/tag/auto/run', { id }, { silent: true });
export const useRerunAutoTag = (workId: number) => useRefreshingMutation(rerunAutoTag, autoTagRootKey(workId), { wait: true });
