import { post, useRefreshingMutation } from '@scrm/web-kit';
import { childRootKey } from './child-keys';

export const deleteChild = (id: number) => post<null>('/api/account/child/delete', { id }, { silent: true });
export const useDeleteChild = () => useRefreshingMutation(deleteChild, childRootKey);
