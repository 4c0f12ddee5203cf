// 子账号: a main account's child accounts — a role (its keys, read on each request) and the work spaces
// each may see (or all of them). Disabling or deleting a child ends its sessions at once.
import type { ChildAccount, ChildCreateBody, ChildList, ChildListBody, ChildPasswordBody, ChildUpdateBody } from '@scrm/contracts/child';
import { isForeignKeyViolation, isUniqueViolation, parseIds } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { AuthContext, SessionService } from '../../auth/session.service.js';
import { pageWindow } from '../../http/paging.js';
import type { WorkSpaceService } from '../../workspace/workspace.service.js';
import type { AccountRepository } from '../account.repository.js';
import { checkAccountName, checkPassword, checkPhone } from '../account.service.js';
import type { PasswordHasher } from '../password.js';
import { roleNotFound, type RoleService } from '../role/role.service.js';
import type { ChildRepository, ChildRow } from './child.repository.js';

const toChild = (row: ChildRow): ChildAccount => ({
  id: row.id,
  account: row.account ?? '',
  nickname: row.nickname,
  phone: row.phone ?? '',
  roleId: row.role_id ?? null,
  roleName: row.role_name ?? '',
  allWorkSpaces: row.all_work_spaces === 1,
  workSpaceIds: parseIds(row.work_space_ids),
  disabled: row.disabled === 1,
  createdAt: row.created_at,
});

export const childNotFound = () => new AppError(404, '子账号不存在');
const taken = () => new AppError(409, '账号名或手机号已被使用');

export interface ChildAccountDeps {
  accounts: AccountRepository;
  children: ChildRepository;
  roles: RoleService;
  workSpaces: WorkSpaceService;
  sessions: SessionService;
  passwords: PasswordHasher;
}

export class ChildAccountService {
  constructor(private readonly d: ChildAccountDeps) {}

  /** The role's id after checking it is the caller's; null stays null (a child without keys). */
  private async roleOf(caller: AuthContext, roleId: number | null): Promise<number | null> {
    if (roleId === null) return null;
    return (await this.d.roles.owned(caller.accountId, roleId)).id;
  }

  /** The work spaces given, each checked to be the caller's (else 「企业不存在」), de-duplicated and sorted. */
  private async workSpacesOf(caller: AuthContext, ids: readonly number[]): Promise<number[]> {
    const wanted = [...new Set(ids)].sort((a, b) => a - b);
    const owned = new Set(await this.d.workSpaces.idsOwnedBy(caller.accountId, wanted));
    if (wanted.some((id) => !owned.has(id))) throw new AppError(404, '企业不存在');
    return wanted;
  }

  private async checkFree(name: string, exceptId: number | null, message: string): Promise<void> {
    if (await this.d.accounts.nameTaken(name, exceptId)) throw new AppError(409, message);
  }

  async create(caller: AuthContext, body: ChildCreateBody): Promise<ChildAccount> {
    const account = checkAccountName(body.account);
    checkPassword(body.password);
    const phone = body.phone ? checkPhone(body.phone) : null;
    const nickname = body.nickname?.trim() || account;
    const roleId = await this.roleOf(caller, body.roleId);
    const all = body.allWorkSpaces === true;
    const workSpaceIds = all ? [] : await this.workSpacesOf(caller, body.workSpaceIds);
    await this.checkFree(account, null, '账号名已被使用');
    if (phone) await this.checkFree(phone, null, '该手机号已被使用');
    const hash = await this.d.passwords.hash(body.password);
    const now = Date.now();
    try {
      const id = await this.d.accounts.insert({
        parent_id: caller.accountId,
        account,
        phone,
        password_hash: hash,
        nickname,
        gzh_openid: null,
        permission_keys: '[]',
        role_id: roleId,
        all_work_spaces: all ? 1 : 0,
        work_space_ids: JSON.stringify(workSpaceIds),
        disabled: 0,
        created_at: now,
        updated_at: now,
      });
      return this.info(caller, id);
    } catch (err) {
      if (isUniqueViolation(err)) throw taken();
      // The role was deleted between its check and this write.
      if (isForeignKeyViolation(err)) throw roleNotFound();
      throw err;
    }
  }

  async info(caller: AuthContext, id: number): Promise<ChildAccount> {
    const row = await this.d.children.find(caller.accountId, id);
    if (!row) throw childNotFound();
    return toChild(row);
  }

  async list(caller: AuthContext, body: ChildListBody): Promise<ChildList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize);
    const filter = { keyword: body.keyword?.trim() ?? '', roleId: body.roleId ?? null };
    const { rows, total } = await this.d.children.list(caller.accountId, filter, offset, limit);
    return { list: rows.map(toChild), total };
  }

  /** Changes what the body names; disabling ends the child's sessions in the same transaction. */
  async update(caller: AuthContext, body: ChildUpdateBody): Promise<ChildAccount> {
    const current = await this.d.children.find(caller.accountId, body.id);
    if (!current) throw childNotFound();
    const patch: Parameters<ChildRepository['update']>[2] = {};
    if (body.account !== undefined) {
      patch.account = checkAccountName(body.account);
      if (patch.account !== current.account) await this.checkFree(patch.account, body.id, '账号名已被使用');
    }
    if (body.nickname !== undefined) patch.nickname = body.nickname.trim() || (patch.account ?? current.account ?? '');
    if (body.phone !== undefined) {
      patch.phone = body.phone ? checkPhone(body.phone) : null;
      if (patch.phone && patch.phone !== current.phone) await this.checkFree(patch.phone, body.id, '该手机号已被使用');
    }
    if (body.roleId !== undefined) patch.role_id = await this.roleOf(caller, body.roleId);
    if (body.allWorkSpaces !== undefined) patch.all_work_spaces = body.allWorkSpaces ? 1 : 0;
    if (body.workSpaceIds !== undefined) patch.work_space_ids = JSON.stringify(await this.workSpacesOf(caller, body.workSpaceIds));
    if (body.disabled !== undefined) patch.disabled = body.disabled ? 1 : 0;
    patch.updated_at = Date.now();
    try {
      await this.d.accounts.transaction(async (trx) => {
        if (!(await this.d.children.update(caller.accountId, body.id, patch, trx))) throw childNotFound();
        if (body.disabled === true) await this.d.sessions.revokeAllOf(body.id, null, trx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw taken();
      // The role was deleted between its check and this write.
      if (isForeignKeyViolation(err)) throw roleNotFound();
      throw err;
    }
    return this.info(caller, body.id);
  }

  /** Sets a new password and ends the child's sessions (it logs in again with the new one). */
  async resetPassword(caller: AuthContext, body: ChildPasswordBody): Promise<void> {
    if (!(await this.d.children.find(caller.accountId, body.id))) throw childNotFound();
    checkPassword(body.password);
    const hash = await this.d.passwords.hash(body.password);
    await this.d.accounts.transaction(async (trx) => {
      if (!(await this.d.children.update(caller.accountId, body.id, { password_hash: hash, updated_at: Date.now() }, trx))) throw childNotFound();
      await this.d.sessions.revokeAllOf(body.id, null, trx);
    });
  }

  /** Deletes a child of the caller and ends its sessions; anyone else's id is 「子账号不存在」. */
  async delete(caller: AuthContext, id: number): Promise<void> {
    await this.d.accounts.transaction(async (trx) => {
      await this.d.sessions.revokeAllOf(id, null, trx);
      if (!(await this.d.children.delete(caller.accountId, id, trx))) throw childNotFound();
    });
  }
}
