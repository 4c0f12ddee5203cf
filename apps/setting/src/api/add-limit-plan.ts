import type { LimitPlan, LimitPlanInput } from '@scrm/contracts/risk';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const addLimitPlan = (input: LimitPlanInput) => post<LimitPlan>('/api/qw/limit/plan/add', input, { silent: true });
export const useAddLimitPlan = (workId: number) => useRefreshingMutation(addLimitPlan, riskRootKey(workId));
