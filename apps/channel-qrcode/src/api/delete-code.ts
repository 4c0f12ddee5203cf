import { post } from '@scrm/web-kit';

export const deleteCode = (id: number) => post<null>('/api/qw/lxw/del', { id }, { silent: true });
