import type { NotifyClassSetting, NotifyClassUpdateBody } from '@scrm/contracts/notify';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { notifyClassesKey } from './list-notify-classes';

export const updateNotifyClass = (body: NotifyClassUpdateBody) => post<NotifyClassSetting>('/api/qw/notify/update', body, { silent: true });
export const useUpdateNotifyClass = () => useRefreshingMutation(updateNotifyClass, notifyClassesKey, { wait: true });
