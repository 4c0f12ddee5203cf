import type { QwAddBody, WorkSpaceInfo } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';

export const addWorkSpace = (body: QwAddBody) => post<WorkSpaceInfo>('/api/qw/add', body, { silent: true });
