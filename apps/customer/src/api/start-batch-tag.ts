import type { CustomerBatchTagBody } from '@scrm/contracts/customer';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { customerRootKey } from './keys';

export const startBatchTag = (body: CustomerBatchTagBody) => post<{ id: number }>('/api/qw/customer/batch/tag', body);
/** The list is read again when the batch ends (the progress modal refreshes it), not now. */
export const useStartBatchTag = (workId: number) => useRefreshingMutation(startBatchTag, [...customerRootKey(workId), 'batch']);
