import type { LoginSessionList } from '@scrm/contracts/user-centre';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@scrm/web-kit';
import { userRootKey } from './keys';

export const sessionsKey = [...userRootKey, 'sessions'] as const;
export const listSessions = () => post<LoginSessionList>('/api/account/session/list', {});
export const sessionsQueryOptions = () => queryOptions({ queryKey: sessionsKey, queryFn: listSessions });
export const useSessions = () => useQuery(sessionsQueryOptions());
