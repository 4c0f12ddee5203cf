import type { DaySeries, RangeBody } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const daySeriesKey = (workId: number, body: RangeBody) => [...channelRootKey(workId), 'day', body] as const;
export const getDaySeries = (body: RangeBody) => post<DaySeries>('/api/qw/lxw/data/day', body);
