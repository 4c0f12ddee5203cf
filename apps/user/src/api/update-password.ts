import type { Static } from 'typebox';
import type { UpdatePasswordBody } from '@scrm/contracts/account';
import { post } from '@scrm/web-kit';

export type UpdatePasswordInput = Static<typeof UpdatePasswordBody>;

export const updatePassword = (body: UpdatePasswordInput) => post<unknown>('/api/account/update/password', body);
