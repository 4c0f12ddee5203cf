import type { DaySeries, RangeBody } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const daySeriesKey = (workId: number, body: RangeBody) => [...staffRootKey(workId), 'day', body] as const;
export const getDaySeries = (body: RangeBody) => post<DaySeries>('/api/qw/staff/code/data/day', body);
