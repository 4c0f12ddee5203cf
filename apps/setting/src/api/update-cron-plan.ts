import type { CronPlan, CronPlanUpdateBody } from '@scrm/contracts/risk';
import { post, useRefreshingMutation, type RefreshOptions } from '@scrm/web-kit';
import { cronPlanKey } from './get-cron-plan';
import { riskRootKey } from './keys';

/** Saves a cron plan (also how it is enabled or disabled); takes effect at once. */
export const updateCronPlan = (body: CronPlanUpdateBody) => post<CronPlan>('/api/qw/risk/plan/update', body, { silent: true });
/** The saved plan is kept for its detail page. */
export const useUpdateCronPlan = (workId: number, options?: RefreshOptions) => useRefreshingMutation(updateCronPlan, riskRootKey(workId), { keep: (saved) => cronPlanKey(workId, saved.id), ...options });
