import type { Overview } from '@scrm/contracts/contact-way';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const overviewKey = (workId: number, id: number) => [...channelRootKey(workId), 'overview', id] as const;
export const getOverview = (id: number) => post<Overview>('/api/qw/lxw/date', { id });
export const overviewQueryOptions = (workId: number, id: number) => queryOptions({ queryKey: overviewKey(workId, id), queryFn: () => getOverview(id) });
export const useOverview = (workId: number, id: number, config: QueryConfig<typeof overviewQueryOptions> = {}) => useQuery({ ...overviewQueryOptions(workId, id), ...config });
