import type { TransferCheck } from '@scrm/contracts/transfer';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { transferRootKey } from './transfer-keys';

export const checkTransfers = () => post<TransferCheck>('/api/qw/transfer/check', {});
export const useCheckTransfers = (workId: number) => useRefreshingMutation(checkTransfers, transferRootKey(workId));
