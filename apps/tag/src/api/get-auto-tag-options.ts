import type { AutoTagOptions } from '@scrm/contracts/auto-tag';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { autoTagRootKey } from './auto-tag-keys';

export const autoTagOptionsKey = (workId: number) => [...autoTagRootKey(workId), 'options'] as const;
export const getAutoTagOptions = () => post<AutoTagOptions>('/api/qw/tag/auto/options', {});
export const autoTagOptionsQueryOptions = (workId: number) => queryOptions({ queryKey: autoTagOptionsKey(workId), queryFn: getAutoTagOptions, staleTime: 60_000 });
export const useAutoTagOptions = (workId: number, config: QueryConfig<typeof autoTagOptionsQueryOptions> = {}) => useQuery({ ...autoTagOptionsQueryOptions(workId), ...config });
