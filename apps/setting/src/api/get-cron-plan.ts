import type { CronPlan } from '@scrm/contracts/risk';
import { post } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const cronPlanKey = (workId: number, id: number) => [...riskRootKey(workId), 'cron', 'info', id] as const;
// Silent: the page shows a missing plan itself.
export const getCronPlan = (id: number) => post<CronPlan>('/api/qw/risk/plan/info', { id }, { silent: true });
