import type { MemberCustomerList, MemberCustomersBody } from '@scrm/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { transferRootKey } from './transfer-keys';

export const memberCustomersKey = (workId: number, body: MemberCustomersBody) => [...transferRootKey(workId), 'member-customers', body] as const;
export const listTransferMemberCustomers = (body: MemberCustomersBody) => post<MemberCustomerList>('/api/qw/transfer/member-customers', body);
export const memberCustomersQueryOptions = (workId: number, body: MemberCustomersBody) =>
  queryOptions({ queryKey: memberCustomersKey(workId, body), queryFn: () => listTransferMemberCustomers(body) });
export const useTransferMemberCustomers = (workId: number, body: MemberCustomersBody, config: QueryConfig<typeof memberCustomersQueryOptions> = {}) =>
  useQuery({ ...memberCustomersQueryOptions(workId, body), ...config });
