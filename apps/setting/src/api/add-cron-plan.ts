import type { CronPlan, CronPlanInput } from '@scrm/contracts/risk';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const addCronPlan = (input: CronPlanInput) => post<CronPlan>('/api/qw/risk/plan/add', input, { silent: true });
export const useAddCronPlan = (workId: number) => useRefreshingMutation(addCronPlan, riskRootKey(workId));
