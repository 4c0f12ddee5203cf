import type { ChildAccount, ChildUpdateBody } from '@scrm/contracts/child';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { childRootKey } from './child-keys';

export const updateChild = (body: ChildUpdateBody) => post<ChildAccount>('/api/account/child/update', body, { silent: true });
export const useUpdateChild = () => useRefreshingMutation(updateChild, childRootKey, { wait: true });
