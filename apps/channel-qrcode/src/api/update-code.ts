import type { ChannelCode, ChannelCodeUpdateBody } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';

/** Silent: the form shows the server's refusal itself. */
export const updateCode = (body: ChannelCodeUpdateBody) => post<ChannelCode>('/api/qw/lxw/update', body, { silent: true });
