import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffCodeList } from '@scrm/contracts/staff-code';
import { post } from '@scrm/web-kit';
import { customerRootKey } from './keys';

/** Staff codes by name for the code filter (silent: a child without the code page simply sees none). */
export const staffCodesKey = (workId: number, keyword: string) => [...customerRootKey(workId), 'staff-codes', keyword] as const;
export const listStaffCodes = (keyword: string) => post<StaffCodeList>('/api/qw/staff/code/list', { page: 1, pageSize: 50, keyword }, { silent: true });
export const staffCodesQueryOptions = (workId: number, keyword: string) =>
  queryOptions({ queryKey: staffCodesKey(workId, keyword), queryFn: () => listStaffCodes(keyword), staleTime: 60_000, retry: false });
export const useStaffCodes = (workId: number, keyword: string) => useQuery({ ...staffCodesQueryOptions(workId, keyword), enabled: workId > 0 });
