import { post, useRefreshingMutation } from '@scrm/web-kit';
import { recipientsKey } from './list-recipients';

/** The log keeps what was sent to them. */
export const deleteRecipient = (id: number) => post<null>('/api/qw/notify/member/delete', { id }, { silent: true });
export const useDeleteRecipient = () => useRefreshingMutation(deleteRecipient, recipientsKey, { wait: true });
