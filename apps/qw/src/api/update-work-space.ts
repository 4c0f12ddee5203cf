import type { QwUpdateBody, WorkSpaceInfo } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';
import { useWorkSpaceMutation } from './get-work-space';

export const updateWorkSpace = (body: QwUpdateBody) => post<WorkSpaceInfo>('/api/qw/update', body, { silent: true });
export const useUpdateWorkSpace = () => useWorkSpaceMutation(updateWorkSpace);
