import type { Overview } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { channelRootKey } from './keys';

export const overviewKey = (workId: number, id: number) => [...channelRootKey(workId), 'overview', id] as const;
export const getOverview = (id: number) => post<Overview>('/api/qw/lxw/date', { id });
