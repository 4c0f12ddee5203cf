import type { LicenceNeed } from '@scrm/contracts/licence';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { licenceKey } from './licence-keys';

/** Members needing a licence, free 互通 codes and the orders (silent: the panel shows the failure). */
export const getLicenceNeed = (id: number) => post<LicenceNeed>('/api/qw/need/buy/qwAccount', { id }, { silent: true });
export const licenceNeedQueryOptions = (id: number) => queryOptions({ queryKey: [...licenceKey(id), 'need'], queryFn: () => getLicenceNeed(id) });
export const useLicenceNeed = (id: number, config: QueryConfig<typeof licenceNeedQueryOptions> = {}) => useQuery({ ...licenceNeedQueryOptions(id), ...config });
