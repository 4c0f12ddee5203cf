import type { LimitPlan, LimitPlanInput } from '@scrm/contracts/risk';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { limitPlanKey } from './get-limit-plan';
import { riskRootKey } from './keys';

export const addLimitPlan = (input: LimitPlanInput) => post<LimitPlan>('/api/qw/limit/plan/add', input, { silent: true });
/** The saved plan is kept for its detail page (opened next). */
export const useAddLimitPlan = (workId: number) => useRefreshingMutation(addLimitPlan, riskRootKey(workId), { keep: (saved) => limitPlanKey(workId, saved.id) });
