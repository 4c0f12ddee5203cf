import type { StaffCode, StaffCodeUpdateBody } from '@scrm/contracts/staff-code';
import { post } from '@scrm/web-kit';

export const updateCode = (body: StaffCodeUpdateBody) => post<StaffCode>('/api/qw/staff/code/update', body, { silent: true });
