// Members of a work space as synced from WeCom: list with department filter and customer counts, re-sync.
import type { DepartmentList, MemberList, MemberListBody } from '@scrm/contracts/qw';
import type { MemberFindBody, MemberOptionList } from '@scrm/contracts/customer';
import { pageWindow } from '../http/paging.js';
import type { SyncService } from '../sync/sync.service.js';
import { syncOf } from '../workspace/workspace.service.js';
import type { WorkSpace } from '../workspace/workspace.repository.js';
import type { MemberRepository } from './member.repository.js';

/** Reads a member row's `department` (a JSON array of ids) as department names. */
export type DepartmentNamer = (department: string) => string[];

export class MemberService {
  constructor(
    private readonly members: MemberRepository,
    private readonly sync: SyncService,
  ) {}

  async departments(ws: WorkSpace): Promise<DepartmentList> {
    const rows = await this.members.departments(ws.id);
    return { list: rows.map((d) => ({ id: d.id, name: d.name, parentId: d.parent_id, order: Number(d.order) })) };
  }

  /** The work space's department names, for the members of a list or picker. */
  async departmentNamer(ws: WorkSpace): Promise<DepartmentNamer> {
    const names = new Map((await this.members.departments(ws.id)).map((d) => [d.id, d.name]));
    return (department) => ((JSON.parse(department) as number[]) ?? []).map((id) => names.get(id) ?? String(id));
  }

  async list(ws: WorkSpace, body: MemberListBody): Promise<MemberList> {
    const depts = await this.members.departments(ws.id);
    const names = new Map(depts.map((d) => [d.id, d.name]));
    let departmentIds: number[] | undefined;
    if (body.departmentId !== undefined) {
      // The chosen department and everything below it.
      const children = new Map<number, number[]>();
      for (const d of depts) children.set(d.parent_id, [...(children.get(d.parent_id) ?? []), d.id]);
      departmentIds = [];
      const stack = [body.departmentId];
      while (stack.length) {
        const id = stack.pop()!;
        departmentIds.push(id);
        stack.push(...(children.get(id) ?? []));
      }
    }
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const q = { keyword: body.keyword, departmentIds, seat: body.seat, offset, limit };
    const [rows, total] = await Promise.all([this.members.list(ws.id, q), this.members.count(ws.id, q)]);
    return {
      list: rows.map((m) => {
        const ids = (JSON.parse(m.department) as number[]) ?? [];
        return {
          userid: m.userid,
          name: m.name,
          departments: ids.map((id) => ({ id, name: names.get(id) ?? String(id) })),
          status: m.status,
          position: m.position,
          avatar: m.avatar,
          isFollowUser: m.is_follow_user === 1,
          customerCount: Number(m.customer_count ?? 0),
          seatExpiresAt: m.seat_expires_at === null || m.seat_expires_at === undefined ? null : Number(m.seat_expires_at),
        };
      }),
      total,
      sync: syncOf(ws),
    };
  }

  /** Members for the pickers of every page (names, avatars, departments). */
  async find(ws: WorkSpace, body: MemberFindBody): Promise<MemberOptionList> {
    const [rows, departmentNames] = await Promise.all([
      this.members.find(ws.id, { keyword: body.keyword, userids: body.userids, contactOnly: body.contactOnly ?? true, limit: body.userids ? 1000 : (body.limit ?? 50) }),
      this.departmentNamer(ws),
    ]);
    return {
      list: rows.map((m) => ({
        userid: m.userid,
        name: m.name,
        avatar: m.avatar,
        departmentNames: departmentNames(m.department),
        isFollowUser: m.is_follow_user === 1,
      })),
    };
  }

  /** Re-reads departments and members in the background; progress shows in member/list's `sync`. */
  startSync(ws: WorkSpace): Promise<void> {
    return this.sync.start(ws.id, ['department', 'member']);
  }
}
