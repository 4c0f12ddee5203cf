import type { AutoTagList, AutoTagListBody } from '@scrm/contracts/auto-tag';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { autoTagRootKey } from './auto-tag-keys';

export const autoTagsKey = (workId: number, body: AutoTagListBody) => [...autoTagRootKey(workId), 'list', body] as const;
export const listAutoTags = (body: AutoTagListBody) => post<AutoTagList>('/api/qw/tag/auto/list', body);
export const autoTagsQueryOptions = (workId: number, body: AutoTagListBody) => queryOptions({ queryKey: autoTagsKey(workId, body), queryFn: () => listAutoTags(body) });
export const useAutoTags = (workId: number, body: AutoTagListBody, config: QueryConfig<typeof autoTagsQueryOptions> = {}) =>
  useQuery({ ...autoTagsQueryOptions(workId, body), ...config });
