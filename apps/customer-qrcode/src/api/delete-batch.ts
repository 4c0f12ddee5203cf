import { post } from '@scrm/web-kit';

export const deleteBatch = (id: number) => post<null>('/api/qw/customer/code/batch/del', { id }, { silent: true });
