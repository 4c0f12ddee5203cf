import type { ChildAccount } from '@scrm/contracts/child';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { childRootKey } from './child-keys';

export const childKey = (id: number) => [...childRootKey, 'info', id] as const;
export const getChild = (id: number) => post<ChildAccount>('/api/account/child/info', { id }, { silent: true });
export const childQueryOptions = (id: number) => queryOptions({ queryKey: childKey(id), queryFn: () => getChild(id) });
export const useChild = (id: number, config: QueryConfig<typeof childQueryOptions> = {}) => useQuery({ ...childQueryOptions(id), ...config });
