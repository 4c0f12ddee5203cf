import { post } from '@scrm/web-kit/base';

export const sendSmsCode = (phone: string) => post<{ cooldown: number }>('/api/account/code/send', { phone }, { silent: true });
