import type { WorkSpaceInfo } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';
import { useWorkSpaceMutation } from './get-work-space';

export const checkStatus = (id: number) => post<WorkSpaceInfo>('/api/qw/status/check/replace', { id }, { silent: true });
export const useCheckStatus = () => useWorkSpaceMutation(checkStatus);
