import type { MemberList, MemberListBody } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';

export const membersKey = (workId: number, body: MemberListBody) => ['staff', 'members', workId, body] as const;
export const listMembers = (body: MemberListBody) => post<MemberList>('/api/qw/member/list', body);
