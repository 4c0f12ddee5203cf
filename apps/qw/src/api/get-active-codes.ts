import type { ActiveCodeDetail } from '@scrm/contracts/licence';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { licenceKey } from './licence-keys';

/** The orders and their activation codes, each state as WeCom says now. */
export const getActiveCodes = (id: number) => post<ActiveCodeDetail>('/api/qw/activeCode/detail', { id }, { silent: true });
export const activeCodesQueryOptions = (id: number) => queryOptions({ queryKey: [...licenceKey(id), 'codes'], queryFn: () => getActiveCodes(id) });
export const useActiveCodes = (id: number, config: QueryConfig<typeof activeCodesQueryOptions> = {}) => useQuery({ ...activeCodesQueryOptions(id), ...config });
