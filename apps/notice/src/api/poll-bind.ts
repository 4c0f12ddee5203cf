import type { NotifyBindPoll } from '@scrm/contracts/notify';
import { post } from '@scrm/web-kit';

/** One poll of a bind QR: `waiting`, or `bound` with the recipient. */
export const pollBind = (code: string) => post<NotifyBindPoll>('/api/account/notify/callback', { code }, { silent: true });
