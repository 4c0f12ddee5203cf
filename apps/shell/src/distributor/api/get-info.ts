import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DistributorInfo } from '@scrm/contracts/distributor-portal';
import { portalPost } from './client';

export const getInfo = () => portalPost<DistributorInfo>('/api/distributor/account/info');
export const infoKey = ['distributor', 'info'] as const;
export const infoQueryOptions = () => queryOptions({ queryKey: infoKey, queryFn: getInfo });
export const useDistributorInfo = () => useQuery(infoQueryOptions());
