import type { RevokeOthersData } from '@scrm/contracts/user-centre';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { sessionsKey } from './list-sessions';

export const revokeOtherSessions = () => post<RevokeOthersData>('/api/account/session/revoke/others', {});
export const useRevokeOtherSessions = () => useRefreshingMutation(revokeOtherSessions, sessionsKey);
