import type { CronPlan, CronPlanInput } from '@scrm/contracts/risk';
import { post } from '@scrm/web-kit';

export const addCronPlan = (input: CronPlanInput) => post<CronPlan>('/api/qw/risk/plan/add', input, { silent: true });
