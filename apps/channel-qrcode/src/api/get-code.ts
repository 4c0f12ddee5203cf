import type { ChannelCode } from '@scrm/contracts/contact-way';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const codeKey = (workId: number, id: number) => [...channelRootKey(workId), 'info', id] as const;
/** Silent: the pages show a missing code (404) as their own state. */
export const getCode = (id: number) => post<ChannelCode>('/api/qw/lxw/info', { id }, { silent: true });
export const codeQueryOptions = (workId: number, id: number) => queryOptions({ queryKey: codeKey(workId, id), queryFn: () => getCode(id) });
export const useCode = (workId: number, id: number, config: QueryConfig<typeof codeQueryOptions> = {}) => useQuery({ ...codeQueryOptions(workId, id), ...config });
