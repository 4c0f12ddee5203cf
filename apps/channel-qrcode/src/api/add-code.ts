import type { ChannelCode, ChannelCodeInput } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';

/** Silent: the form shows the server's refusal itself. */
export const addCode = (input: ChannelCodeInput) => post<ChannelCode>('/api/qw/lxw/add', input, { silent: true });
