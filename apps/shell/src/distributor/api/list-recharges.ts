import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RechargeRecordList } from '@scrm/contracts/distributor-portal';
import { portalPost } from './client';

export const listRecharges = (q: { page: number; pageSize: number }) => portalPost<RechargeRecordList>('/api/distributor/account/recharge/record', q);
export const rechargesKey = ['distributor', 'recharges'] as const;
export const rechargesQueryOptions = (q: { page: number; pageSize: number }) =>
  queryOptions({ queryKey: [...rechargesKey, q], queryFn: () => listRecharges(q), placeholderData: keepPreviousData });
export const useRecharges = (q: { page: number; pageSize: number }) => useQuery(rechargesQueryOptions(q));
