import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerList } from '@scrm/contracts/distributor-portal';
import { portalPost } from './client';

export interface CustomerQuery {
  page: number;
  pageSize: number;
  phone?: string;
}
export const listCustomers = (q: CustomerQuery) => portalPost<CustomerList>('/api/distributor/account/get/phone', q);
export const customersKey = ['distributor', 'customers'] as const;
export const customersQueryOptions = (q: CustomerQuery) => queryOptions({ queryKey: [...customersKey, q], queryFn: () => listCustomers(q), placeholderData: keepPreviousData });
export const useCustomers = (q: CustomerQuery) => useQuery(customersQueryOptions(q));
