import { queryOptions, useQuery } from '@tanstack/react-query';
import { findMembers, memberFindKey } from '@scrm/web-parts';

/** The names of a saved audience's members (whatever their permission now), for its description. */
const body = (userids: string[]) => ({ userids, contactOnly: false });
export const memberNamesQueryOptions = (workId: number, userids: string[]) =>
  queryOptions({ queryKey: memberFindKey(workId, body(userids)), queryFn: () => findMembers(body(userids)), staleTime: 60_000 });
export const useMemberNames = (workId: number, userids: string[]) => useQuery({ ...memberNamesQueryOptions(workId, userids), enabled: workId > 0 && userids.length > 0 });
