import { post, useRefreshingMutation } from '@scrm/web-kit';
import { sessionsKey } from './list-sessions';

export const revokeSession = (id: string) => post<null>('/api/account/session/revoke', { id });
export const useRevokeSession = () => useRefreshingMutation(revokeSession, sessionsKey);
