import type { ChannelCode, ChannelCodeInput } from '@scrm/contracts/contact-way';
import { post, useRefreshingMutation } from '@scrm/web-kit';
import { codeKey } from './get-code';
import { channelRootKey } from './keys';

/** Silent: the form shows the server's refusal itself. */
export const addCode = (input: ChannelCodeInput) => post<ChannelCode>('/api/qw/lxw/add', input, { silent: true });
/** The saved code is kept for its detail page (opened next) and the list refreshes. */
export const useAddCode = (workId: number) => useRefreshingMutation(addCode, channelRootKey(workId), { keep: (saved) => codeKey(workId, saved.id) });
