import type { LeadList, LeadListBody } from '@scrm/contracts/lead';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { leadRootKey } from './keys';

export const leadsKey = (workId: number, body: LeadListBody) => [...leadRootKey(workId), 'leads', body] as const;
export const listLeads = (body: LeadListBody) => post<LeadList>('/api/qw/customer/code/lead/list', body);
export const leadsQueryOptions = (workId: number, body: LeadListBody) => queryOptions({ queryKey: leadsKey(workId, body), queryFn: () => listLeads(body) });
export const useLeads = (workId: number, body: LeadListBody, config: QueryConfig<typeof leadsQueryOptions> = {}) => useQuery({ ...leadsQueryOptions(workId, body), ...config });
