import type { RiskRecordList, RiskRecordListBody } from '@scrm/contracts/risk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const riskRecordsKey = (workId: number, body: RiskRecordListBody) => [...riskRootKey(workId), 'records', body] as const;
export const listRiskRecords = (body: RiskRecordListBody) => post<RiskRecordList>('/api/qw/risk/record/list', body);
export const riskRecordsQueryOptions = (workId: number, body: RiskRecordListBody) => queryOptions({ queryKey: riskRecordsKey(workId, body), queryFn: () => listRiskRecords(body) });
export const useRiskRecords = (workId: number, body: RiskRecordListBody, config: QueryConfig<typeof riskRecordsQueryOptions> = {}) => useQuery({ ...riskRecordsQueryOptions(workId, body), ...config });
