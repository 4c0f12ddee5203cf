import type { WorkSpaceInfo } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';

export const workSpaceKey = (id: number) => ['qw', 'info', id] as const;
export const getWorkSpace = (id: number) => post<WorkSpaceInfo>('/api/qw/info', { id }, { silent: true });
