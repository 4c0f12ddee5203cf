import type { RiskRecord } from '@scrm/contracts/risk';
import { post } from '@scrm/web-kit';

/** One-click restore of an offline still in force; answers with the new online record. */
export const restoreRiskRecord = (id: number) => post<RiskRecord>('/api/qw/risk/record/restore', { id }, { silent: true });
