import type { StaffCodeAddBody, StaffCodeAddResult } from '@scrm/contracts/staff-code';
import { post } from '@scrm/web-kit';

export const addCodes = (body: StaffCodeAddBody) => post<StaffCodeAddResult>('/api/qw/staff/code/add', body, { silent: true });
