import type { RiskRecordList, RiskRecordListBody } from '@scrm/contracts/risk';
import { post } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const riskRecordsKey = (workId: number, body: RiskRecordListBody) => [...riskRootKey(workId), 'records', body] as const;
export const listRiskRecords = (body: RiskRecordListBody) => post<RiskRecordList>('/api/qw/risk/record/list', body);
