import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerList, CustomerListBody } from '@scrm/contracts/customer';
import { post } from '@scrm/web-kit';
import { customerRootKey } from './keys';

export const customersKey = (workId: number, body: CustomerListBody) => [...customerRootKey(workId), 'list', body] as const;
export const listCustomers = (body: CustomerListBody) => post<CustomerList>('/api/qw/customer/list', body);
export const customersQueryOptions = (workId: number, body: CustomerListBody) =>
  queryOptions({ queryKey: customersKey(workId, body), queryFn: () => listCustomers(body), placeholderData: keepPreviousData });
export const useCustomers = (workId: number, body: CustomerListBody) => useQuery({ ...customersQueryOptions(workId, body), enabled: workId > 0 });
