import type { Static } from 'typebox';
import type { UpdateAccountBody } from '@scrm/contracts/account';
import { post } from '@scrm/web-kit';

export type UpdateAccountInput = Static<typeof UpdateAccountBody>;

export const updateAccount = (body: UpdateAccountInput) => post<unknown>('/api/account/update/account', body);
