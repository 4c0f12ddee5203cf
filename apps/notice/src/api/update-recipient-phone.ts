import type { NotifyRecipient, NotifyRecipientPhoneBody } from '@scrm/contracts/notify';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { recipientsKey } from './list-recipients';

export const updateRecipientPhone = (body: NotifyRecipientPhoneBody) => post<NotifyRecipient>('/api/qw/notify/member/update/phone', body, { silent: true });
export const useUpdateRecipientPhone = () => useRefreshingMutation(updateRecipientPhone, recipientsKey, { wait: true });
