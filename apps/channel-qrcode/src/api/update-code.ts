import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelCode, ChannelCodeUpdateBody } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { keepSavedCode } from './add-code';

/** Silent: the form shows the server's refusal itself. */
export const updateCode = (body: ChannelCodeUpdateBody) => post<ChannelCode>('/api/qw/lxw/update', body, { silent: true });

export function useUpdateCode(workId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateCode, onSuccess: (saved) => keepSavedCode(client, workId, saved) });
}
