import { post } from '@scrm/web-kit';

export const deleteCodes = (ids: number[]) => post<null>('/api/qw/staff/code/del', { ids }, { silent: true });
