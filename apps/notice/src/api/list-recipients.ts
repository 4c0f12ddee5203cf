import type { NotifyPageBody, NotifyRecipientList } from '@scrm/contracts/notify';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { notifyKey } from './list-notify-classes';

export const recipientsKey = [...notifyKey, 'recipients'] as const;
export const listRecipients = (body: NotifyPageBody) => post<NotifyRecipientList>('/api/qw/notify/member/list', body);
export const recipientsQueryOptions = (body: NotifyPageBody) => queryOptions({ queryKey: [...recipientsKey, body], queryFn: () => listRecipients(body) });
export const useRecipients = (body: NotifyPageBody, config: QueryConfig<typeof recipientsQueryOptions> = {}) => useQuery({ ...recipientsQueryOptions(body), ...config });
