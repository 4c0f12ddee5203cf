import type { ChildRole, RoleUpdateBody } from '@scrm/contracts/child';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { childRootKey } from './child-keys';

export const updateRole = (body: RoleUpdateBody) => post<ChildRole>('/api/account/child/permission/update', body, { silent: true });
export const useUpdateRole = () => useRefreshingMutation(updateRole, childRootKey);
