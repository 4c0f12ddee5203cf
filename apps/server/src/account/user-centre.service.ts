// 用户中心 (/user/setting): the caller's phone, and its login sessions. The account name, nickname and
// password are AccountService's (/api/account/update/account, /update/password).
import type { CurrentUser } from '@scrm/contracts/account';
import type { LoginSession, UpdatePhoneBody } from '@scrm/contracts/user-centre';
import { isUniqueViolation } from '../db/database.js';
import { AppError, Errors } from '../http/errors.js';
import type { AuthContext, SessionService } from '../auth/session.service.js';
import type { SmsCodeService } from '../sms-code/sms-code.service.js';
import type { AccountRepository } from './account.repository.js';
import { checkPhone, toCurrentUser } from './account.service.js';
import type { PasswordHasher } from './password.js';

const bad = (message: string) => new AppError(400, message);
const PHONE_TAKEN = '该手机号已被其他账号使用';

export interface UserCentreDeps {
  accounts: AccountRepository;
  sessions: SessionService;
  smsCodes: SmsCodeService;
  passwords: PasswordHasher;
}

export class UserCentreService {
  constructor(private readonly d: UserCentreDeps) {}

  /**
   * Moves the account to a new phone: the code sent to the new number proves it is the caller's, and the
   * current password (when the account has one) that the caller is the account's owner, not a borrowed
   * session. An account still named after its old phone (the default) takes the new phone as its name too,
   * so that the old number is free for whoever has it next. Other sessions stay.
   */
  async updatePhone(caller: AuthContext, body: UpdatePhoneBody): Promise<CurrentUser> {
    const phone = checkPhone(body.phone.trim());
    if (!body.code) throw bad('验证码不能为空');
    const row = await this.d.accounts.findById(caller.accountId);
    if (!row) throw Errors.notLoggedIn();
    if (row.phone === phone) throw bad('新手机号与当前手机号相同');
    if (row.password_hash !== null) {
      if (!body.password) throw bad('请输入当前密码');
      if (!(await this.d.passwords.verify(row.password_hash, body.password))) throw bad('当前密码错误');
    }
    if (await this.d.accounts.nameTaken(phone, row.id)) throw new AppError(409, PHONE_TAKEN);
    const checked = await this.d.smsCodes.check(phone, body.code);
    const patch = { phone, updated_at: Date.now(), ...(row.account === row.phone ? { account: phone } : {}) };
    try {
      await this.d.accounts.transaction(async (trx) => {
        await this.d.smsCodes.consume(checked, trx);
        await this.d.accounts.update(row.id, patch, trx);
      });
    } catch (err) {
      throw isUniqueViolation(err) ? new AppError(409, PHONE_TAKEN) : err;
    }
    const updated = await this.d.accounts.findById(row.id);
    if (!updated) throw Errors.notLoggedIn();
    return toCurrentUser(updated);
  }

  sessions(caller: AuthContext): Promise<LoginSession[]> {
    return this.d.sessions.list(caller);
  }

  revokeSession(caller: AuthContext, id: string): Promise<void> {
    return this.d.sessions.revokeOwn(caller, id);
  }

  async revokeOtherSessions(caller: AuthContext): Promise<{ count: number }> {
    return { count: await this.d.sessions.revokeAllOf(caller.accountId, caller.tokenHash) };
  }
}
