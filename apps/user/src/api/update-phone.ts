import type { CurrentUser } from '@scrm/contracts/account';
import type { UpdatePhoneBody } from '@scrm/contracts/user-centre';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { userRootKey } from './keys';

export const updatePhone = (body: UpdatePhoneBody) => post<CurrentUser>('/api/account/update/phone', body);
export const useUpdatePhone = () => useRefreshingMutation(updatePhone, userRootKey);
