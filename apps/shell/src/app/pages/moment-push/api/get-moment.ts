import type { MomentDetail } from '@scrm/contracts/moment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { momentRootKey } from './keys';

export const momentKey = (workId: number, id: number) => [...momentRootKey(workId), 'detail', id] as const;
/** Silent: the pages show a missing moment (404) as their own state. */
export const getMoment = (id: number) => post<MomentDetail>('/api/qw/moment/detail', { id }, { silent: true });
export const momentQueryOptions = (workId: number, id: number) => queryOptions({ queryKey: momentKey(workId, id), queryFn: () => getMoment(id) });
export const useMoment = (workId: number, id: number, config: QueryConfig<typeof momentQueryOptions> = {}) => useQuery({ ...momentQueryOptions(workId, id), ...config });
