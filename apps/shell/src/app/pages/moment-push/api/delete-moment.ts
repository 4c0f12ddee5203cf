import { post, useRefreshingMutation } from '@scrm/web-kit';
import { momentRootKey } from './keys';

export const deleteMoment = (id: number) => post<null>('/api/qw/moment/delete', { id }, { silent: true });
export const useDeleteMoment = (workId: number) => useRefreshingMutation(deleteMoment, momentRootKey(workId));
