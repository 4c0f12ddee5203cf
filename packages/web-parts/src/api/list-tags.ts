import type { CorpTagList } from '@scrm/contracts/customer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';

export const tagListKey = (workId: number) => ['web-parts', 'tag-list', workId] as const;
export const listTags = () => post<CorpTagList>('/api/qw/tag/list', {});
export const tagListQueryOptions = (workId: number) => queryOptions({ queryKey: tagListKey(workId), queryFn: listTags });
export const useTagList = (workId: number, config: QueryConfig<typeof tagListQueryOptions> = {}) => useQuery({ ...tagListQueryOptions(workId), ...config });
