import type { CronPlanList, PlanListBody } from '@scrm/contracts/risk';
import { post } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const cronPlansKey = (workId: number, body: PlanListBody) => [...riskRootKey(workId), 'cron', 'list', body] as const;
export const listCronPlans = (body: PlanListBody) => post<CronPlanList>('/api/qw/risk/plan/list', body);
