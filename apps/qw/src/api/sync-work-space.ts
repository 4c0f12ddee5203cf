import type { WorkSpaceInfo } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';

export const syncWorkSpace = (id: number) => post<WorkSpaceInfo>('/api/qw/sync', { id }, { silent: true });
