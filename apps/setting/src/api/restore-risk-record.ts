import type { RiskRecord } from '@scrm/contracts/risk';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { riskRootKey } from './keys';

/** One-click restore of an offline still in force; answers with the new online record. */
export const restoreRiskRecord = (id: number) => post<RiskRecord>('/api/qw/risk/record/restore', { id }, { silent: true });
// The record may have ended by itself meanwhile: the list refreshes whatever the answer.
export const useRestoreRiskRecord = (workId: number) => useRefreshingMutation(restoreRiskRecord, riskRootKey(workId), { always: true });
