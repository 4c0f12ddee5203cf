import type { NotifyPageBody, NotifyRechargeList } from '@scrm/contracts/notify';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@scrm/web-kit';
import { notifyKey } from './list-notify-classes';

export const rechargesKey = [...notifyKey, 'recharges'] as const;
export const listRecharges = (body: NotifyPageBody) => post<NotifyRechargeList>('/api/notify/recharge/list', body);
export const rechargesQueryOptions = (body: NotifyPageBody) => queryOptions({ queryKey: [...rechargesKey, body], queryFn: () => listRecharges(body) });
export const useRecharges = (body: NotifyPageBody) => useQuery(rechargesQueryOptions(body));
