import type { ChannelCodeList, ChannelCodeListBody } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const codesKey = (workId: number, body: ChannelCodeListBody) => [...channelRootKey(workId), 'list', body] as const;
export const listCodes = (body: ChannelCodeListBody) => post<ChannelCodeList>('/api/qw/lxw/list', body);
