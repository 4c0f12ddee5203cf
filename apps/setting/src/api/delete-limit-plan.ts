import { post, useRefreshingMutation } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const deleteLimitPlan = (id: number) => post<null>('/api/qw/limit/plan/delete', { id }, { silent: true });
export const useDeleteLimitPlan = (workId: number) => useRefreshingMutation(deleteLimitPlan, riskRootKey(workId));
