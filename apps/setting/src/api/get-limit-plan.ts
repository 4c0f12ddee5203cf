import type { LimitPlan } from '@scrm/contracts/risk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const limitPlanKey = (workId: number, id: number) => [...riskRootKey(workId), 'limit', 'info', id] as const;
// Silent: the page shows a missing plan itself.
export const getLimitPlan = (id: number) => post<LimitPlan>('/api/qw/limit/plan/info', { id }, { silent: true });
export const limitPlanQueryOptions = (workId: number, id: number) => queryOptions({ queryKey: limitPlanKey(workId, id), queryFn: () => getLimitPlan(id) });
export const useLimitPlan = (workId: number, id: number, config: QueryConfig<typeof limitPlanQueryOptions> = {}) => useQuery({ ...limitPlanQueryOptions(workId, id), ...config });
