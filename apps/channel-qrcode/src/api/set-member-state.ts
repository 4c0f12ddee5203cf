import type { CodeMemberList } from '@scrm/contracts/contact-way';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@scrm/web-kit';
import { channelRootKey } from './keys';
import { codeMembersKey } from './list-code-members';

/** The operator's switch of one member on one code; answers the code's members as they are now. */
export const setMemberState = (body: { id: number; userid: string; online: boolean }) =>
  post<CodeMemberList>('/api/qw/lxw/member/state/update', body, { silent: true });

/** Switches a member; the members' answer is kept, and the code's status, the list's dots and the figures follow. */
export function useSetMemberState(workId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setMemberState,
    onSuccess: (fresh, body) => {
      client.setQueryData(codeMembersKey(workId, body.id), fresh);
      void client.invalidateQueries({ queryKey: channelRootKey(workId), predicate: (q) => q.queryKey[2] !== 'members' });
    },
  });
}
