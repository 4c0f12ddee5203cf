import type { ChannelCode } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const codeKey = (workId: number, id: number) => [...channelRootKey(workId), 'info', id] as const;
/** Silent: the pages show a missing code (404) as their own state. */
export const getCode = (id: number) => post<ChannelCode>('/api/qw/lxw/info', { id }, { silent: true });
