import type { LimitPlanList, PlanListBody } from '@scrm/contracts/risk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const limitPlansKey = (workId: number, body: PlanListBody) => [...riskRootKey(workId), 'limit', 'list', body] as const;
export const listLimitPlans = (body: PlanListBody) => post<LimitPlanList>('/api/qw/limit/plan/list', body);
export const limitPlansQueryOptions = (workId: number, body: PlanListBody) => queryOptions({ queryKey: limitPlansKey(workId, body), queryFn: () => listLimitPlans(body) });
export const useLimitPlans = (workId: number, body: PlanListBody, config: QueryConfig<typeof limitPlansQueryOptions> = {}) => useQuery({ ...limitPlansQueryOptions(workId, body), ...config });
