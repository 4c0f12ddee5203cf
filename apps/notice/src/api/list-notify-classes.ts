import type { NotifyClassList } from '@scrm/contracts/notify';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@scrm/web-kit';

/** Every 消息中心 query sits under this key. */
export const notifyKey = ['notify'] as const;
export const notifyClassesKey = [...notifyKey, 'classes'] as const;
export const listNotifyClasses = () => post<NotifyClassList>('/api/qw/notify/list', {});
export const notifyClassesQueryOptions = () => queryOptions({ queryKey: notifyClassesKey, queryFn: listNotifyClasses });
export const useNotifyClasses = () => useQuery(notifyClassesQueryOptions());
