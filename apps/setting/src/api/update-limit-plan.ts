import type { LimitPlan, LimitPlanUpdateBody } from '@scrm/contracts/risk';
import { post, useRefreshingMutation, type RefreshOptions } from '@scrm/web-kit';
import { limitPlanKey } from './get-limit-plan';
import { riskRootKey } from './keys';

/** Saves a member limit plan (also how it is enabled or disabled); takes effect at once. */
export const updateLimitPlan = (body: LimitPlanUpdateBody) => post<LimitPlan>('/api/qw/limit/plan/update', body, { silent: true });
/** The saved plan is kept for its detail page. */
export const useUpdateLimitPlan = (workId: number, options?: RefreshOptions) => useRefreshingMutation(updateLimitPlan, riskRootKey(workId), { keep: (saved) => limitPlanKey(workId, saved.id), ...options });
