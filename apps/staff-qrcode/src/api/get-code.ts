import type { StaffCode } from '@scrm/contracts/staff-code';
import { post } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const codeKey = (workId: number, id: number) => [...staffRootKey(workId), 'info', id] as const;
// Silent: the page shows a missing code itself.
export const getCode = (id: number) => post<StaffCode>('/api/qw/staff/code/info', { id }, { silent: true });
