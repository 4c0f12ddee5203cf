import type { CronPlan, CronPlanInput } from '@scrm/contracts/risk';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { cronPlanKey } from './get-cron-plan';
import { riskRootKey } from './keys';

export const addCronPlan = (input: CronPlanInput) => post<CronPlan>('/api/qw/risk/plan/add', input, { silent: true });
/** The saved plan is kept for its detail page (opened next). */
export const useAddCronPlan = (workId: number) => useRefreshingMutation(addCronPlan, riskRootKey(workId), { keep: (saved) => cronPlanKey(workId, saved.id) });
