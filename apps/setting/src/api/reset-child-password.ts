import type { ChildPasswordBody } from '@scrm/contracts/child';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { childRootKey } from './child-keys';

export const resetChildPassword = (body: ChildPasswordBody) => post<null>('/api/account/child/update/password', body, { silent: true });
export const useResetChildPassword = () => useRefreshingMutation(resetChildPassword, childRootKey);
