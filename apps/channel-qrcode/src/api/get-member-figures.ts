import type { Static } from 'typebox';
import type { MemberFiguresBody as Body, MemberFiguresList } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export type MemberFiguresBody = Static<typeof Body>;

export const memberFiguresKey = (workId: number, body: MemberFiguresBody) => [...channelRootKey(workId), 'member-figures', body] as const;
export const getMemberFigures = (body: MemberFiguresBody) => post<MemberFiguresList>('/api/qw/lxw/memberData', body);
