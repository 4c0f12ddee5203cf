import type { StaffCodeList, StaffCodeListBody } from '@scrm/contracts/staff-code';
import { post } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const codesKey = (workId: number, body: StaffCodeListBody) => [...staffRootKey(workId), 'list', body] as const;
export const listCodes = (body: StaffCodeListBody) => post<StaffCodeList>('/api/qw/staff/code/list', body);
