import type { CorpTagList } from '@scrm/contracts/customer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { tagRootKey } from './keys';

export const tagGroupsKey = (workId: number) => [...tagRootKey(workId), 'groups'] as const;
/** The groups with their tags and each tag's customer count. */
export const listTagGroups = () => post<CorpTagList>('/api/qw/tag/list', { counts: true });
export const tagGroupsQueryOptions = (workId: number) => queryOptions({ queryKey: tagGroupsKey(workId), queryFn: listTagGroups });
export const useTagGroups = (workId: number, config: QueryConfig<typeof tagGroupsQueryOptions> = {}) => useQuery({ ...tagGroupsQueryOptions(workId), ...config });
