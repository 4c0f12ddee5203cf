import type { CronPlan, CronPlanUpdateBody } from '@scrm/contracts/risk';
import { post, useRefreshingMutation, type RefreshOptions } from '@scrm/web-kit';
import { riskRootKey } from './keys';

/** Saves a cron plan (also how it is enabled or disabled); takes effect at once. */
export const updateCronPlan = (body: CronPlanUpdateBody) => post<CronPlan>('/api/qw/risk/plan/update', body, { silent: true });
export const useUpdateCronPlan = (workId: number, options?: RefreshOptions) => useRefreshingMutation(updateCronPlan, riskRootKey(workId), options);
