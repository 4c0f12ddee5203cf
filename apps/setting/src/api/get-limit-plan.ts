import type { LimitPlan } from '@scrm/contracts/risk';
import { post } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const limitPlanKey = (workId: number, id: number) => [...riskRootKey(workId), 'limit', 'info', id] as const;
// Silent: the page shows a missing plan itself.
export const getLimitPlan = (id: number) => post<LimitPlan>('/api/qw/limit/plan/info', { id }, { silent: true });
