// Child accounts of a main account: created with an account name, a password and menu keys.
import type { ChildAccount, ChildCreateBody } from '@scrm/contracts/account';
import { isUniqueViolation, parseKeys } from '../db/database.js';
import { AppError } from '../http/errors.js';
import type { AuthContext, SessionService } from '../auth/session.service.js';
import { pageWindow } from '../http/paging.js';
import type { AccountRepository, AccountRow } from './account.repository.js';
import { checkAccountName, checkPassword, checkPhone } from './account.service.js';
import type { PasswordHasher } from './password.js';
import { isKnownKey, isMainOnlyKey } from '../auth/permission.js';

const toChild = (row: AccountRow): ChildAccount => ({
  id: row.id,
  account: row.account ?? '',
  nickname: row.nickname,
  phone: row.phone ?? '',
  permissionKeys: parseKeys(row.permission_keys),
  createdAt: row.created_at,
});

/** Known menu keys, de-duplicated; main-only keys are dropped since a child never holds them. */
function grantableKeys(keys: string[]): string[] {
  const unknown = keys.find((k) => !isKnownKey(k));
  if (unknown !== undefined) throw new AppError(400, `未知的权限：${unknown}`);
  return [...new Set(keys)].filter((k) => !isMainOnlyKey(k));
}

export class ChildAccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly sessions: SessionService,
    private readonly passwords: PasswordHasher,
  ) {}

  async create(caller: AuthContext, body: ChildCreateBody): Promise<ChildAccount> {
    const account = checkAccountName(body.account);
    checkPassword(body.password);
    const phone = body.phone ? checkPhone(body.phone) : null;
    const nickname = body.nickname?.trim() || account;
    const keys = grantableKeys(body.permissionKeys);
    if (await this.accounts.nameTaken(account, null)) throw new AppError(409, '账号名已被使用');
    if (phone && (await this.accounts.nameTaken(phone, null))) throw new AppError(409, '该手机号已被使用');
    const hash = await this.passwords.hash(body.password);
    const now = Date.now();
    try {
      const id = await this.accounts.insert({
        parent_id: caller.accountId,
        account,
        phone,
        password_hash: hash,
        nickname,
        gzh_openid: null,
        permission_keys: JSON.stringify(keys),
        disabled: 0,
        created_at: now,
        updated_at: now,
      });
      return toChild((await this.accounts.findById(id))!);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, '账号名或手机号已被使用');
      throw err;
    }
  }

  async list(caller: AuthContext, page?: number, pageSize?: number): Promise<{ list: ChildAccount[]; total: number }> {
    const { offset, limit } = pageWindow(page, pageSize);
    const [rows, total] = await Promise.all([
      this.accounts.listChildren(caller.accountId, offset, limit),
      this.accounts.countChildren(caller.accountId),
    ]);
    return { list: rows.map(toChild), total };
  }

  /** Deletes a child of the caller and ends its sessions; anyone else's id is 「子账号不存在」. */
  async delete(caller: AuthContext, id: number): Promise<void> {
    await this.accounts.transaction(async (trx) => {
      await this.sessions.revokeAllOf(id, null, trx);
      if (!(await this.accounts.deleteChild(caller.accountId, id, trx))) throw new AppError(404, '子账号不存在');
    });
  }
}
