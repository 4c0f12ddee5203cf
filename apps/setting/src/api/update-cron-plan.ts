import type { CronPlan, CronPlanUpdateBody } from '@scrm/contracts/risk';
import { post } from '@scrm/web-kit';

/** Saves a cron plan (also how it is enabled or disabled); takes effect at once. */
export const updateCronPlan = (body: CronPlanUpdateBody) => post<CronPlan>('/api/qw/risk/plan/update', body, { silent: true });
