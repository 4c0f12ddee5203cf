import type { CronPlanList, PlanListBody } from '@scrm/contracts/risk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const cronPlansKey = (workId: number, body: PlanListBody) => [...riskRootKey(workId), 'cron', 'list', body] as const;
export const listCronPlans = (body: PlanListBody) => post<CronPlanList>('/api/qw/risk/plan/list', body);
export const cronPlansQueryOptions = (workId: number, body: PlanListBody) => queryOptions({ queryKey: cronPlansKey(workId, body), queryFn: () => listCronPlans(body) });
export const useCronPlans = (workId: number, body: PlanListBody, config: QueryConfig<typeof cronPlansQueryOptions> = {}) => useQuery({ ...cronPlansQueryOptions(workId, body), ...config });
