import type { IpList } from '@scrm/contracts/qw';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';

export const IP_LIST_KEY = ['account', 'ip-list'] as const;
export const getIpList = () => post<IpList>('/api/account/ip/list', {});
export const ipListQueryOptions = () => queryOptions({ queryKey: IP_LIST_KEY, queryFn: getIpList });
export const useIpList = (config: QueryConfig<typeof ipListQueryOptions> = {}) => useQuery({ ...ipListQueryOptions(), ...config });
