import type { LimitPlan, LimitPlanInput } from '@scrm/contracts/risk';
import { post } from '@scrm/web-kit';

export const addLimitPlan = (input: LimitPlanInput) => post<LimitPlan>('/api/qw/limit/plan/add', input, { silent: true });
