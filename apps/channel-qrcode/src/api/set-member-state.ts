import type { CodeMemberList } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';

/** The operator's switch of one member on one code; answers the code's members as they are now. */
export const setMemberState = (body: { id: number; userid: string; online: boolean }) =>
  post<CodeMemberList>('/api/qw/lxw/member/state/update', body, { silent: true });
