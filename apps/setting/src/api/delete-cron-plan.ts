import { post, useRefreshingMutation } from '@scrm/web-kit';
import { riskRootKey } from './keys';

export const deleteCronPlan = (id: number) => post<null>('/api/qw/risk/plan/delete', { id }, { silent: true });
export const useDeleteCronPlan = (workId: number) => useRefreshingMutation(deleteCronPlan, riskRootKey(workId));
