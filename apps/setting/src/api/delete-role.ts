import { post, useRefreshingMutation } from '@scrm/web-kit';
import { childRootKey } from './child-keys';

export const deleteRole = (id: number) => post<null>('/api/account/child/permission/delete', { id }, { silent: true });
export const useDeleteRole = () => useRefreshingMutation(deleteRole, childRootKey);
