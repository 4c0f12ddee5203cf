import type { AutoTagRule } from '@scrm/contracts/auto-tag';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { autoTagRootKey } from './auto-tag-keys';

export const autoTagKey = (workId: number, id: number) => [...autoTagRootKey(workId), 'detail', id] as const;
// Silent: the page shows a missing rule itself.
export const getAutoTag = (id: number) => post<AutoTagRule>('/api/qw/tag/auto/detail', { id }, { silent: true });
export const autoTagQueryOptions = (workId: number, id: number) => queryOptions({ queryKey: autoTagKey(workId, id), queryFn: () => getAutoTag(id) });
export const useAutoTag = (workId: number, id: number, config: QueryConfig<typeof autoTagQueryOptions> = {}) => useQuery({ ...autoTagQueryOptions(workId, id), ...config });
