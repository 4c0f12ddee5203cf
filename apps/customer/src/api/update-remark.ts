import type { CustomerRemarkBody } from '@scrm/contracts/customer';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { customerAllKey } from './keys';

export const updateRemark = (body: CustomerRemarkBody) => post<null>('/api/qw/customer/remark', body, { silent: true });
/** The record and the list show the new remark (WeCom took it first). */
export const useUpdateRemark = () => useRefreshingMutation(updateRemark, customerAllKey, { wait: true });
