import type { AutoTagInput, AutoTagRule } from '@scrm/contracts/auto-tag';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { autoTagRootKey } from './auto-tag-keys';

export const addAutoTag = (body: AutoTagInput) => post<AutoTagRule>('/api/qw/tag/auto/add', body, { silent: true });
export const useAddAutoTag = (workId: number) => useRefreshingMutation(addAutoTag, autoTagRootKey(workId), { wait: true });
