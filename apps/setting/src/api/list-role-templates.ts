import type { RoleTemplate } from '@scrm/contracts/child';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';

export const ROLE_TEMPLATES_KEY = ['child', 'role-templates'] as const;
export const listRoleTemplates = () => post<RoleTemplate[]>('/api/account/child/permission/template/list', {});
export const roleTemplatesQueryOptions = () => queryOptions({ queryKey: ROLE_TEMPLATES_KEY, queryFn: listRoleTemplates, staleTime: Infinity });
export const useRoleTemplates = (config: QueryConfig<typeof roleTemplatesQueryOptions> = {}) => useQuery({ ...roleTemplatesQueryOptions(), ...config });
