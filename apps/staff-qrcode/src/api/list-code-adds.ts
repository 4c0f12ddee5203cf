import type { CodeAddList, CodeAddListBody } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const codeAddsKey = (workId: number, body: CodeAddListBody) => [...staffRootKey(workId), 'adds', body] as const;
export const listCodeAdds = (body: CodeAddListBody) => post<CodeAddList>('/api/qw/staff/code/customer/list', body);
