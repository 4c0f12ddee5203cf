import type { RoleList, RoleListBody } from '@scrm/contracts/child';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { childRootKey } from './child-keys';

export const rolesKey = (body: RoleListBody) => [...childRootKey, 'roles', body] as const;
export const listRoles = (body: RoleListBody) => post<RoleList>('/api/account/child/permission/list', body);
export const rolesQueryOptions = (body: RoleListBody) => queryOptions({ queryKey: rolesKey(body), queryFn: () => listRoles(body) });
export const useRoles = (body: RoleListBody, config: QueryConfig<typeof rolesQueryOptions> = {}) => useQuery({ ...rolesQueryOptions(body), ...config });
