import { post } from '@scrm/web-kit';

export const retryCodes = (ids: number[]) => post<null>('/api/qw/staff/code/retry', { ids }, { silent: true });
