import type { StaffCode, StaffCodeUpdateBody } from '@scrm/contracts/staff-code';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const updateCode = (body: StaffCodeUpdateBody) => post<StaffCode>('/api/qw/staff/code/update', body, { silent: true });
export const useUpdateCode = (workId: number) => useRefreshingMutation(updateCode, staffRootKey(workId), { wait: true });
