import type { Static } from 'typebox';
import type { UpdatePasswordBody } from '@scrm/contracts/account';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { sessionsKey } from './list-sessions';

export type UpdatePasswordInput = Static<typeof UpdatePasswordBody>;

export const updatePassword = (body: UpdatePasswordInput) => post<null>('/api/account/update/password', body);
/** The other sessions end with it: the device list refreshes. */
export const useUpdatePassword = () => useRefreshingMutation(updatePassword, sessionsKey);
