import type { ChannelCode, ChannelCodeUpdateBody } from '@scrm/contracts/contact-way';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { codeKey } from './get-code';
import { channelRootKey } from './keys';

/** Silent: the form shows the server's refusal itself. */
export const updateCode = (body: ChannelCodeUpdateBody) => post<ChannelCode>('/api/qw/lxw/update', body, { silent: true });
/** The saved code is kept for its detail page (opened next) and the list refreshes. */
export const useUpdateCode = (workId: number) => useRefreshingMutation(updateCode, channelRootKey(workId), { keep: (saved) => codeKey(workId, saved.id) });
