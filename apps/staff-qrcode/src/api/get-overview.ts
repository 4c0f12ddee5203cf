import type { Overview } from '@scrm/contracts/contact-way';
import { post } from '@scrm/web-kit';
import { staffRootKey } from './keys';

export const overviewKey = (workId: number, id: number) => [...staffRootKey(workId), 'overview', id] as const;
export const getOverview = (id: number) => post<Overview>('/api/qw/staff/code/date', { id });
