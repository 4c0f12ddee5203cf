import type { NotifyRecipient, NotifyRecipientUpdateBody } from '@scrm/contracts/notify';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { recipientsKey } from './list-recipients';

export const updateRecipient = (body: NotifyRecipientUpdateBody) => post<NotifyRecipient>('/api/qw/notify/member/update', body, { silent: true });
export const useUpdateRecipient = () => useRefreshingMutation(updateRecipient, recipientsKey, { wait: true });
