import type { StaffCodeAddBody, StaffCodeAddResult } from '@scrm/contracts/staff-code';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const addCodes = (body: StaffCodeAddBody) => post<StaffCodeAddResult>('/api/qw/staff/code/add', body, { silent: true });
export const useAddCodes = (workId: number) => useRefreshingMutation(addCodes, staffRootKey(workId), { wait: true });
