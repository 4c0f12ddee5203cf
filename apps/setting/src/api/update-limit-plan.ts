import type { LimitPlan, LimitPlanUpdateBody } from '@scrm/contracts/risk';
import { post } from '@scrm/web-kit';

/** Saves a member limit plan (also how it is enabled or disabled); takes effect at once. */
export const updateLimitPlan = (body: LimitPlanUpdateBody) => post<LimitPlan>('/api/qw/limit/plan/update', body, { silent: true });
