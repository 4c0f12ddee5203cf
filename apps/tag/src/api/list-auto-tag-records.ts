import type { AutoTagRecordList, AutoTagRecordsBody } from '@scrm/contracts/auto-tag';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { autoTagRootKey } from './auto-tag-keys';

export const autoTagRecordsKey = (workId: number, body: AutoTagRecordsBody) => [...autoTagRootKey(workId), 'records', body] as const;
export const listAutoTagRecords = (body: AutoTagRecordsBody) => post<AutoTagRecordList>('/api/qw/tag/auto/records', body);
export const autoTagRecordsQueryOptions = (workId: number, body: AutoTagRecordsBody) =>
  queryOptions({ queryKey: autoTagRecordsKey(workId, body), queryFn: () => listAutoTagRecords(body) });
export const useAutoTagRecords = (workId: number, body: AutoTagRecordsBody, config: QueryConfig<typeof autoTagRecordsQueryOptions> = {}) =>
  useQuery({ ...autoTagRecordsQueryOptions(workId, body), ...config });
