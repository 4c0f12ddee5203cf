import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerCountBody, CustomerTotal } from '@scrm/contracts/customer';
import { post } from '@scrm/web-kit';
import { customerRootKey } from './keys';

/** How often a total being counted in the background is asked for again. */
export const COUNT_POLL_MS = 1000;

export const customerCountKey = (workId: number, body: CustomerCountBody) => [...customerRootKey(workId), 'count', body] as const;
export const countCustomers = (body: CustomerCountBody) => post<CustomerTotal>('/api/qw/customer/count', body);
export const customerCountQueryOptions = (workId: number, body: CustomerCountBody) =>
  queryOptions({
    queryKey: customerCountKey(workId, body),
    queryFn: () => countCustomers(body),
    refetchInterval: (q) => (q.state.data?.counting === false ? false : COUNT_POLL_MS),
  });
/** The filter's exact total, asked for only while the list says it is being counted. */
export const useCustomerCount = (workId: number, body: CustomerCountBody, counting: boolean) =>
  useQuery({ ...customerCountQueryOptions(workId, body), enabled: workId > 0 && counting });
