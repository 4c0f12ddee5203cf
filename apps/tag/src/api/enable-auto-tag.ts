import type { AutoTagEnableBody, AutoTagRule } from '@scrm/contracts/auto-tag';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { autoTagRootKey } from './auto-tag-keys';

export const enableAutoTag = (body: AutoTagEnableBody) => post<AutoTagRule>('/api/qw/tag/auto/enable', body, { silent: true });
export const useEnableAutoTag = (workId: number) => useRefreshingMutation(enableAutoTag, autoTagRootKey(workId), { wait: true });
