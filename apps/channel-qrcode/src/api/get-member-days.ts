import type { MemberDaySeries, RangeBody } from '@scrm/contracts/contact-way';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const memberDaysKey = (workId: number, body: RangeBody) => [...channelRootKey(workId), 'member-days', body] as const;
export const getMemberDays = (body: RangeBody) => post<MemberDaySeries>('/api/qw/lxw/data/member', body);
export const memberDaysQueryOptions = (workId: number, body: RangeBody) => queryOptions({ queryKey: memberDaysKey(workId, body), queryFn: () => getMemberDays(body) });
export const useMemberDays = (workId: number, body: RangeBody, config: QueryConfig<typeof memberDaysQueryOptions> = {}) => useQuery({ ...memberDaysQueryOptions(workId, body), ...config });
