import type { DaySeries } from '@scrm/contracts/contact-way';
import type { LeadBatchRangeBody } from '@scrm/contracts/lead';
import { post } from '@scrm/web-kit';
import { leadRootKey } from './keys';

export const batchDaysKey = (workId: number, body: LeadBatchRangeBody) => [...leadRootKey(workId), 'day', body] as const;
export const getBatchDays = (body: LeadBatchRangeBody) => post<DaySeries>('/api/qw/customer/code/batch/data/day', body);
