import type { LeadList, LeadListBody } from '@scrm/contracts/lead';
import { post } from '@scrm/web-kit';
import { leadRootKey } from './keys';

export const leadsKey = (workId: number, body: LeadListBody) => [...leadRootKey(workId), 'leads', body] as const;
export const listLeads = (body: LeadListBody) => post<LeadList>('/api/qw/customer/code/lead/list', body);
