import type { TransferCustomerBody, TransferStarted } from '@scrm/contracts/transfer';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { transferRootKey } from './transfer-keys';

export const addTransfer = (body: TransferCustomerBody) => post<TransferStarted>('/api/qw/transfer/customer', body);
export const useAddTransfer = (workId: number) => useRefreshingMutation(addTransfer, transferRootKey(workId));
