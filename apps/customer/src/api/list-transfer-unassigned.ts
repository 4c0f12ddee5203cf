import type { UnassignedBody, UnassignedList } from '@scrm/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { transferRootKey } from './transfer-keys';

export const unassignedKey = (workId: number, body: UnassignedBody) => [...transferRootKey(workId), 'unassigned', body] as const;
export const listTransferUnassigned = (body: UnassignedBody) => post<UnassignedList>('/api/qw/transfer/unassigned', body);
export const unassignedQueryOptions = (workId: number, body: UnassignedBody) => queryOptions({ queryKey: unassignedKey(workId, body), queryFn: () => listTransferUnassigned(body) });
export const useTransferUnassigned = (workId: number, body: UnassignedBody, config: QueryConfig<typeof unassignedQueryOptions> = {}) =>
  useQuery({ ...unassignedQueryOptions(workId, body), ...config });
