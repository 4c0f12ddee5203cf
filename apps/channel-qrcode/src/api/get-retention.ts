import type { RangeBody, RetentionTable } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const retentionKey = (workId: number, body: RangeBody) => [...channelRootKey(workId), 'retention', body] as const;
export const getRetention = (body: RangeBody) => post<RetentionTable>('/api/qw/lxw/keep/data', body);
