import type { SyncProgress } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';

export const syncMembers = () => post<SyncProgress>('/api/qw/member/sync', {}, { silent: true });
