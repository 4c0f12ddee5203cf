import type { CronPlan } from '@scrm/contracts/risk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const cronPlanKey = (workId: number, id: number) => [...riskRootKey(workId), 'cron', 'info', id] as const;
// Silent: the page shows a missing plan itself.
export const getCronPlan = (id: number) => post<CronPlan>('/api/qw/risk/plan/info', { id }, { silent: true });
export const cronPlanQueryOptions = (workId: number, id: number) => queryOptions({ queryKey: cronPlanKey(workId, id), queryFn: () => getCronPlan(id) });
export const useCronPlan = (workId: number, id: number, config: QueryConfig<typeof cronPlanQueryOptions> = {}) => useQuery({ ...cronPlanQueryOptions(workId, id), ...config });
