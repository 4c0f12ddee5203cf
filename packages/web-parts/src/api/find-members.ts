import type { MemberFindBody, MemberOptionList } from '@scrm/contracts/customer';
import { post } from '@scrm/web-kit';

export const memberFindKey = (workId: number, body: MemberFindBody) => ['web-parts', 'member-find', workId, body] as const;
export const findMembers = (body: MemberFindBody) => post<MemberOptionList>('/api/qw/member/find', body);
