import type { MemberFindBody, MemberOptionList } from '@scrm/contracts/customer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';

export const memberFindKey = (workId: number, body: MemberFindBody) => ['web-parts', 'member-find', workId, body] as const;
export const findMembers = (body: MemberFindBody) => post<MemberOptionList>('/api/qw/member/find', body);
export const memberFindQueryOptions = (workId: number, body: MemberFindBody) => queryOptions({ queryKey: memberFindKey(workId, body), queryFn: () => findMembers(body) });
export const useMemberFind = (workId: number, body: MemberFindBody, config: QueryConfig<typeof memberFindQueryOptions> = {}) => useQuery({ ...memberFindQueryOptions(workId, body), ...config });
/** Members by userid whatever their permission, with the userids asked: one not answered has left the corp. */
export const useMembersByUserid = (workId: number, userids: string[], config: { enabled?: boolean } = {}) => {
  const body = { userids, contactOnly: false };
  return useQuery({ queryKey: memberFindKey(workId, body), queryFn: async () => ({ asked: userids, list: (await findMembers(body)).list }), ...config });
};
