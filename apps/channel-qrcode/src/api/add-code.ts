import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChannelCode, ChannelCodeInput } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { codeKey } from './get-code';
import { channelRootKey } from './keys';

/** Silent: the form shows the server's refusal itself. */
export const addCode = (input: ChannelCodeInput) => post<ChannelCode>('/api/qw/lxw/add', input, { silent: true });

/** After an add or an update: the saved code is kept for its detail page and the list refreshes. */
export function keepSavedCode(client: QueryClient, workId: number, saved: ChannelCode) {
  client.setQueryData(codeKey(workId, saved.id), saved);
  void client.invalidateQueries({ queryKey: channelRootKey(workId) });
}

export function useAddCode(workId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: addCode, onSuccess: (saved) => keepSavedCode(client, workId, saved) });
}
