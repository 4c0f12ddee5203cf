// 功能角色: a main account's roles of menu and action keys (contracts/menu.ts). Its children read their
// role's keys on each request (auth/session.repository.ts), so a change here applies on their next call.
import { roleKeys } from '@scrm/contracts/menu';
import { ROLE_NAME_MAX, type ChildRole, type RoleCreateBody, type RoleList, type RoleListBody, type RoleTemplate, type RoleUpdateBody } from '@scrm/contracts/child';
import type { AuthContext } from '../../auth/session.service.js';
import { isUniqueViolation, parseKeys } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { pageWindow } from '../../http/paging.js';
import type { RoleRepository, RoleRow } from './role.repository.js';
import { ROLE_TEMPLATES } from './role-templates.js';

export const roleNotFound = () => new AppError(404, '角色不存在');

const toRole = (row: RoleRow, childCount: number): ChildRole => ({
  id: row.id,
  name: row.name,
  permissionKeys: parseKeys(row.permission_keys),
  childCount,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function checkName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new AppError(400, '请输入角色名称');
  if (name.length > ROLE_NAME_MAX) throw new AppError(400, `角色名称不能超过${ROLE_NAME_MAX}个字`);
  return name;
}

function checkKeys(keys: readonly string[]): string[] {
  const checked = roleKeys(keys);
  if (checked.unknown.length) throw new AppError(400, `未知的权限：${checked.unknown[0]}`);
  if (!checked.keys.length) throw new AppError(400, '请至少选择一项权限');
  return checked.keys;
}

const nameTaken = () => new AppError(409, '角色名称已存在');

export class RoleService {
  constructor(private readonly roles: RoleRepository) {}

  templates(): RoleTemplate[] {
    return ROLE_TEMPLATES;
  }

  async list(caller: AuthContext, body: RoleListBody): Promise<RoleList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const { rows, total } = await this.roles.list(caller.accountId, body.name?.trim() ?? '', offset, limit);
    const counts = await this.roles.childCounts(rows.map((r) => r.id));
    return { list: rows.map((r) => toRole(r, counts.get(r.id) ?? 0)), total };
  }

  async info(caller: AuthContext, id: number): Promise<ChildRole> {
    const row = await this.roles.find(caller.accountId, id);
    if (!row) throw roleNotFound();
    const counts = await this.roles.childCounts([id]);
    return toRole(row, counts.get(id) ?? 0);
  }

  /** The caller's role `id`, for giving it to a child (404 when it is not the caller's). */
  async owned(owner: number, id: number): Promise<RoleRow> {
    const row = await this.roles.find(owner, id);
    if (!row) throw roleNotFound();
    return row;
  }

  async create(caller: AuthContext, body: RoleCreateBody): Promise<ChildRole> {
    const name = checkName(body.name);
    const keys = checkKeys(body.permissionKeys);
    const now = Date.now();
    try {
      const id = await this.roles.insert({ account_id: caller.accountId, name, permission_keys: JSON.stringify(keys), created_at: now, updated_at: now });
      return this.info(caller, id);
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
  }

  async update(caller: AuthContext, body: RoleUpdateBody): Promise<ChildRole> {
    await this.owned(caller.accountId, body.id); // another account's role is not found, whatever the body
    const name = checkName(body.name);
    const keys = checkKeys(body.permissionKeys);
    try {
      const changed = await this.roles.update(caller.accountId, body.id, { name, permission_keys: JSON.stringify(keys), updated_at: Date.now() });
      if (!changed) throw roleNotFound();
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
    return this.info(caller, body.id);
  }

  /** A role that children hold stays: 409 naming how many, until they are given another. */
  async delete(caller: AuthContext, id: number): Promise<void> {
    const { deleted, inUse } = await this.roles.deleteUnused(caller.accountId, id);
    if (inUse) throw new AppError(409, `该角色正被 ${inUse} 个子账号使用，请先为它们更换角色`);
    if (!deleted) throw roleNotFound();
  }
}
