import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelCodeList } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { customerRootKey } from './keys';

/** Channel codes by name for the code filter (silent: a child without the code page simply sees none). */
export const channelCodesKey = (workId: number, keyword: string) => [...customerRootKey(workId), 'channel-codes', keyword] as const;
export const listChannelCodes = (keyword: string) => post<ChannelCodeList>('/api/qw/lxw/list', { page: 1, pageSize: 50, keyword }, { silent: true });
export const channelCodesQueryOptions = (workId: number, keyword: string) =>
  queryOptions({ queryKey: channelCodesKey(workId, keyword), queryFn: () => listChannelCodes(keyword), staleTime: 60_000, retry: false });
export const useChannelCodes = (workId: number, keyword: string) => useQuery({ ...channelCodesQueryOptions(workId, keyword), enabled: workId > 0 });
