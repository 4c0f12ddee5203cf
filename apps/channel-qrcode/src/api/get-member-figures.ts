import type { Static } from 'typebox';
import type { MemberFiguresBody as Body, MemberFiguresList } from '@scrm/contracts/contact-way';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export type MemberFiguresBody = Static<typeof Body>;

export const memberFiguresKey = (workId: number, body: MemberFiguresBody) => [...channelRootKey(workId), 'member-figures', body] as const;
export const getMemberFigures = (body: MemberFiguresBody) => post<MemberFiguresList>('/api/qw/lxw/memberData', body);
export const memberFiguresQueryOptions = (workId: number, body: MemberFiguresBody) => queryOptions({ queryKey: memberFiguresKey(workId, body), queryFn: () => getMemberFigures(body) });
export const useMemberFigures = (workId: number, body: MemberFiguresBody, config: QueryConfig<typeof memberFiguresQueryOptions> = {}) => useQuery({ ...memberFiguresQueryOptions(workId, body), ...config });
