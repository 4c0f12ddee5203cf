import type { StaffCodeList, StaffCodeListBody } from '@scrm/contracts/staff-code';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const codesKey = (workId: number, body: StaffCodeListBody) => [...staffRootKey(workId), 'list', body] as const;
export const listCodes = (body: StaffCodeListBody) => post<StaffCodeList>('/api/qw/staff/code/list', body);
export const codesQueryOptions = (workId: number, body: StaffCodeListBody) => queryOptions({ queryKey: codesKey(workId, body), queryFn: () => listCodes(body) });
export const useCodes = (workId: number, body: StaffCodeListBody, config: QueryConfig<typeof codesQueryOptions> = {}) => useQuery({ ...codesQueryOptions(workId, body), ...config });
