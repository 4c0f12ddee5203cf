import { post } from '@scrm/web-kit';

export const deleteLimitPlan = (id: number) => post<null>('/api/qw/limit/plan/delete', { id }, { silent: true });
