import type { NotifyAccountInfo } from '@scrm/contracts/notify';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@scrm/web-kit';
import { notifyKey } from './list-notify-classes';

export const notifyAccountKey = [...notifyKey, 'account'] as const;
export const getNotifyAccount = () => post<NotifyAccountInfo>('/api/notify/account/info', {});
export const notifyAccountQueryOptions = () => queryOptions({ queryKey: notifyAccountKey, queryFn: getNotifyAccount });
export const useNotifyAccount = () => useQuery(notifyAccountQueryOptions());
