import type { Static } from 'typebox';
import type { CurrentUser, UpdateAccountBody } from '@scrm/contracts/account';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { userRootKey } from './keys';

export type UpdateAccountInput = Static<typeof UpdateAccountBody>;

export const updateAccount = (body: UpdateAccountInput) => post<CurrentUser>('/api/account/update/account', body);
export const useUpdateAccount = () => useRefreshingMutation(updateAccount, userRootKey);
