import type { QwUpdateBody, WorkSpaceInfo } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';

export const updateWorkSpace = (body: QwUpdateBody) => post<WorkSpaceInfo>('/api/qw/update', body, { silent: true });
