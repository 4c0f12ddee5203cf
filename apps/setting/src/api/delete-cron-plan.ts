import { post } from '@scrm/web-kit';

export const deleteCronPlan = (id: number) => post<null>('/api/qw/risk/plan/delete', { id }, { silent: true });
