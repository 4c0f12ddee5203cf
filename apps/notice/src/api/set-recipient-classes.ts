import type { NotifyClassesBody, NotifyRecipient } from '@scrm/contracts/notify';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { recipientsKey } from './list-recipients';

export const setRecipientClasses = (body: NotifyClassesBody) => post<NotifyRecipient>('/api/account/notify/member/classification/add', body, { silent: true });
export const useSetRecipientClasses = () => useRefreshingMutation(setRecipientClasses, recipientsKey, { wait: true });
