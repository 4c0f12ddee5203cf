import type { ResignedGroupList, UnassignedBody } from '@scrm/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { transferRootKey } from './transfer-keys';

export const transferGroupsKey = (workId: number, body: UnassignedBody) => [...transferRootKey(workId), 'groups', body] as const;
export const listTransferGroups = (body: UnassignedBody) => post<ResignedGroupList>('/api/qw/transfer/group/list', body);
export const transferGroupsQueryOptions = (workId: number, body: UnassignedBody) =>
  queryOptions({ queryKey: transferGroupsKey(workId, body), queryFn: () => listTransferGroups(body) });
export const useTransferGroups = (workId: number, body: UnassignedBody, config: QueryConfig<typeof transferGroupsQueryOptions> = {}) =>
  useQuery({ ...transferGroupsQueryOptions(workId, body), ...config });
