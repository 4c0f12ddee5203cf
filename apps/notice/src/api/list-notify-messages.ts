import type { NotifyMessageBody, NotifyMessageList } from '@scrm/contracts/notify';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { notifyKey } from './list-notify-classes';

export const notifyMessagesKey = [...notifyKey, 'messages'] as const;
export const listNotifyMessages = (body: NotifyMessageBody) => post<NotifyMessageList>('/api/account/notify/message', body);
export const notifyMessagesQueryOptions = (body: NotifyMessageBody) => queryOptions({ queryKey: [...notifyMessagesKey, body], queryFn: () => listNotifyMessages(body) });
export const useNotifyMessages = (body: NotifyMessageBody, config: QueryConfig<typeof notifyMessagesQueryOptions> = {}) => useQuery({ ...notifyMessagesQueryOptions(body), ...config });
