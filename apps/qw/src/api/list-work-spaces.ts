import type { WorkSpaceList } from '@scrm/contracts/workspace';
import type { WorkSpaceInfo } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';

export const WORK_SPACES_KEY = ['qw', 'work-spaces'] as const;

/** The account's work spaces with each one's status and sync progress. */
export async function listWorkSpaces(): Promise<WorkSpaceInfo[]> {
  const { list } = await post<WorkSpaceList>('/api/qw/list', { page: 1, pageSize: 100 });
  return Promise.all(list.map((w) => post<WorkSpaceInfo>('/api/qw/info', { id: w.id })));
}
