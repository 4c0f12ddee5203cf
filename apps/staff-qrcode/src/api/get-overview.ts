import type { Overview } from '@scrm/contracts/contact-way';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const overviewKey = (workId: number, id: number) => [...staffRootKey(workId), 'overview', id] as const;
export const getOverview = (id: number) => post<Overview>('/api/qw/staff/code/date', { id });
export const overviewQueryOptions = (workId: number, id: number) => queryOptions({ queryKey: overviewKey(workId, id), queryFn: () => getOverview(id) });
export const useOverview = (workId: number, id: number, config: QueryConfig<typeof overviewQueryOptions> = {}) => useQuery({ ...overviewQueryOptions(workId, id), ...config });
