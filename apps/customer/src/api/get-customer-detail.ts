import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetail } from '@scrm/contracts/customer';
import { post } from '@scrm/web-kit';

export const customerDetailKey = (workId: number, externalUserid: string) => ['customer', 'detail', workId, externalUserid] as const;
// Silent: the page shows the failure itself (「客户不存在或已被删除」 for a 404).
export const getCustomerDetail = (externalUserid: string) => post<CustomerDetail>('/api/qw/customer/detail', { externalUserid }, { silent: true });
export const customerDetailQueryOptions = (workId: number, externalUserid: string) =>
  queryOptions({ queryKey: customerDetailKey(workId, externalUserid), queryFn: () => getCustomerDetail(externalUserid) });
export const useCustomerDetail = (workId: number, externalUserid: string) => useQuery(customerDetailQueryOptions(workId, externalUserid));
