import type { LimitPlanList, PlanListBody } from '@scrm/contracts/risk';
import { post } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const limitPlansKey = (workId: number, body: PlanListBody) => [...riskRootKey(workId), 'limit', 'list', body] as const;
export const listLimitPlans = (body: PlanListBody) => post<LimitPlanList>('/api/qw/limit/plan/list', body);
