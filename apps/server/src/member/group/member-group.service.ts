// 成员分组: named groups of a work space's members. A member who leaves the corp stays in the group
// marked `departed` (not counted, never picked), so that one who comes back is in it again.
import type { MemberGroup, MemberGroupAddBody, MemberGroupList, MemberGroupUpdateBody } from '@scrm/contracts/member-group';
import { isUniqueViolation } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../clock/clock.js';
import type { WorkSpace } from '../../workspace/workspace.repository.js';
import type { MemberService } from '../member.service.js';
import type { MemberGroupRepository } from './member-group.repository.js';

const groupNotFound = () => new AppError(404, '成员分组不存在');
const nameTaken = () => new AppError(409, '分组名称已存在');

export class MemberGroupService {
  constructor(
    private readonly repo: MemberGroupRepository,
    private readonly members: Pick<MemberService, 'departmentNamer'>,
    private readonly clock: Clock,
  ) {}

  private async group(ws: WorkSpace, id: number) {
    const g = await this.repo.findGroup(ws.id, id);
    if (!g) throw groupNotFound();
    return g;
  }

  private static name(name: string): string {
    const trimmed = name.trim();
    if (!trimmed) throw new AppError(400, '请填写分组名称');
    return trimmed;
  }

  /** Distinct userids in order; those not already in the group must be members of the work space now. */
  private async checkedUserids(ws: WorkSpace, userids: string[], already: ReadonlySet<string> = new Set()): Promise<string[]> {
    const list = [...new Set(userids)];
    const fresh = list.filter((u) => !already.has(u));
    const present = await this.repo.presentMembers(ws.id, fresh);
    const unknown = fresh.filter((u) => !present.has(u));
    if (unknown.length) throw new AppError(400, `成员不存在：${unknown.slice(0, 3).join('、')}${unknown.length > 3 ? ' 等' : ''}`);
    return list;
  }

  async find(ws: WorkSpace, keyword?: string): Promise<MemberGroupList> {
    const groups = await this.repo.groups(ws.id, keyword?.trim() || undefined);
    return { list: await this.shaped(ws, groups) };
  }

  private async one(ws: WorkSpace, id: number): Promise<MemberGroup> {
    return (await this.shaped(ws, [await this.group(ws, id)]))[0]!;
  }

  /** The groups with their members (a member with no synced row has left: departed, not counted). */
  private async shaped(ws: WorkSpace, groups: Array<{ id: number; name: string }>): Promise<MemberGroup[]> {
    const byGroup = new Map<number, MemberGroup['members']>(groups.map((g) => [g.id, []]));
    const [rows, departmentNames] = await Promise.all([this.repo.members(ws.id, groups.map((g) => g.id)), this.members.departmentNamer(ws)]);
    for (const r of rows)
      byGroup.get(r.group_id)?.push({
        userid: r.userid,
        name: r.name ?? '',
        avatar: r.avatar ?? '',
        departmentNames: r.department === null ? [] : departmentNames(r.department),
        departed: r.name === null,
      });
    return groups.map((g) => {
      const members = byGroup.get(g.id)!;
      return { id: g.id, name: g.name, count: members.filter((m) => !m.departed).length, members };
    });
  }

  async add(ws: WorkSpace, body: MemberGroupAddBody): Promise<MemberGroup> {
    const name = MemberGroupService.name(body.name);
    const userids = await this.checkedUserids(ws, body.userids ?? []);
    try {
      const id = await this.repo.insertGroup(ws.id, name, userids, this.clock.now());
      return this.one(ws, id);
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
  }

  async update(ws: WorkSpace, body: MemberGroupUpdateBody): Promise<MemberGroup> {
    await this.group(ws, body.id);
    const name = body.name === undefined ? undefined : MemberGroupService.name(body.name);
    let userids: string[] | undefined;
    if (body.userids) {
      const had = new Set((await this.repo.members(ws.id, [body.id])).map((r) => r.userid));
      userids = await this.checkedUserids(ws, body.userids, had);
    }
    try {
      await this.repo.updateGroup(ws.id, body.id, { name, userids }, this.clock.now());
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
    return this.one(ws, body.id);
  }

  async delete(ws: WorkSpace, id: number): Promise<void> {
    await this.group(ws, id);
    await this.repo.deleteGroup(ws.id, id);
  }

  async remove(ws: WorkSpace, id: number, userids: string[]): Promise<MemberGroup> {
    await this.group(ws, id);
    await this.repo.removeMembers(ws.id, id, [...new Set(userids)], this.clock.now());
    return this.one(ws, id);
  }
}
