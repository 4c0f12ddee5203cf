// Work spaces belong to a main account; its child accounts see the same ones.
import type { AccessType, WorkSpaceList } from '@scrm/contracts/workspace';
import type { AuthContext } from '../auth/session.service.js';
import { pageWindow } from '../http/paging.js';
import type { WorkSpaceRepository } from './workspace.repository.js';

export const ownerOf = (caller: AuthContext) => caller.parentId ?? caller.accountId;

export class WorkSpaceService {
  constructor(private readonly workSpaces: WorkSpaceRepository) {}

  async list(caller: AuthContext, page?: number, pageSize?: number): Promise<WorkSpaceList> {
    const owner = ownerOf(caller);
    const { offset, limit } = pageWindow(page, pageSize);
    const [rows, total] = await Promise.all([
      this.workSpaces.listByOwner(owner, offset, limit),
      this.workSpaces.countByOwner(owner),
    ]);
    return {
      list: rows.map((r) => ({ id: r.id, nickname: r.nickname, accessType: r.access_type as AccessType })),
      total,
    };
  }
}
