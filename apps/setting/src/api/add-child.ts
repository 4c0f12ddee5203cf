import type { ChildAccount, ChildCreateBody } from '@scrm/contracts/child';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { childRootKey } from './child-keys';

export const addChild = (body: ChildCreateBody) => post<ChildAccount>('/api/account/child/create', body, { silent: true });
export const useAddChild = () => useRefreshingMutation(addChild, childRootKey, { wait: true });
