import type { ChildRole, RoleCreateBody } from '@scrm/contracts/child';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { childRootKey } from './child-keys';

export const addRole = (body: RoleCreateBody) => post<ChildRole>('/api/account/child/permission/create', body, { silent: true });
export const useAddRole = () => useRefreshingMutation(addRole, childRootKey);
