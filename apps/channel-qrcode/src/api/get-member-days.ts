import type { MemberDaySeries, RangeBody } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const memberDaysKey = (workId: number, body: RangeBody) => [...channelRootKey(workId), 'member-days', body] as const;
export const getMemberDays = (body: RangeBody) => post<MemberDaySeries>('/api/qw/lxw/data/member', body);
