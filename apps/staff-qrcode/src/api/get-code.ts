import type { StaffCode } from '@scrm/contracts/staff-code';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const codeKey = (workId: number, id: number) => [...staffRootKey(workId), 'info', id] as const;
// Silent: the page shows a missing code itself.
export const getCode = (id: number) => post<StaffCode>('/api/qw/staff/code/info', { id }, { silent: true });
export const codeQueryOptions = (workId: number, id: number) => queryOptions({ queryKey: codeKey(workId, id), queryFn: () => getCode(id) });
export const useCode = (workId: number, id: number, config: QueryConfig<typeof codeQueryOptions> = {}) => useQuery({ ...codeQueryOptions(workId, id), ...config });
