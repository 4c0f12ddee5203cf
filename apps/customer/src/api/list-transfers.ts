import type { TransferList, TransferListBody } from '@scrm/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { transferRootKey } from './transfer-keys';

export const transfersKey = (workId: number, body: TransferListBody) => [...transferRootKey(workId), 'list', body] as const;
export const listTransfers = (body: TransferListBody) => post<TransferList>('/api/qw/transfer/list', body);
export const transfersQueryOptions = (workId: number, body: TransferListBody) => queryOptions({ queryKey: transfersKey(workId, body), queryFn: () => listTransfers(body) });
export const useTransfers = (workId: number, body: TransferListBody, config: QueryConfig<typeof transfersQueryOptions> = {}) =>
  useQuery({ ...transfersQueryOptions(workId, body), ...config });
