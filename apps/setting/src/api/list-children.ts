import type { ChildList, ChildListBody } from '@scrm/contracts/child';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { childRootKey } from './child-keys';

export const childrenKey = (body: ChildListBody) => [...childRootKey, 'list', body] as const;
export const listChildren = (body: ChildListBody) => post<ChildList>('/api/account/child/list', body);
export const childrenQueryOptions = (body: ChildListBody) => queryOptions({ queryKey: childrenKey(body), queryFn: () => listChildren(body) });
export const useChildren = (body: ChildListBody, config: QueryConfig<typeof childrenQueryOptions> = {}) => useQuery({ ...childrenQueryOptions(body), ...config });
