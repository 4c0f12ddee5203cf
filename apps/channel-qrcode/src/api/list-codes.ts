import type { ChannelCodeList, ChannelCodeListBody } from '@scrm/contracts/contact-way';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const codesKey = (workId: number, body: ChannelCodeListBody) => [...channelRootKey(workId), 'list', body] as const;
export const listCodes = (body: ChannelCodeListBody) => post<ChannelCodeList>('/api/qw/lxw/list', body);
export const codesQueryOptions = (workId: number, body: ChannelCodeListBody) => queryOptions({ queryKey: codesKey(workId, body), queryFn: () => listCodes(body) });
export const useCodes = (workId: number, body: ChannelCodeListBody, config: QueryConfig<typeof codesQueryOptions> = {}) => useQuery({ ...codesQueryOptions(workId, body), ...config });
