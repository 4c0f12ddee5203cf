import type { GroupTransferBody, GroupTransferResult } from '@scrm/contracts/transfer';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { transferRootKey } from './transfer-keys';

export const transferGroups = (body: GroupTransferBody) => post<GroupTransferResult>('/api/qw/transfer/group', body);
export const useTransferGroupsMutation = (workId: number) => useRefreshingMutation(transferGroups, transferRootKey(workId));
