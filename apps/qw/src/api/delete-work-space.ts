import { post } from '@scrm/web-kit';

export const deleteWorkSpace = (id: number) => post<null>('/api/qw/delete', { id }, { silent: true });
