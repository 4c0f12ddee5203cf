import type { CodeAddList, CodeAddListBody } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const codeAddsKey = (workId: number, body: CodeAddListBody) => [...channelRootKey(workId), 'adds', body] as const;
export const listCodeAdds = (body: CodeAddListBody) => post<CodeAddList>('/api/qw/lxw/customer/list', body);
