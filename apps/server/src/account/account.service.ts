// Accounts and logging in: register, the three login modes, the official-account QR flows,
// the caller's own profile and password.
import type { Kysely } from 'kysely';
import {
  Msg,
  phoneError,
  type CreateBody,
  type CreateScanBody,
  type CurrentUser,
  type LoginBody,
  type PermissionEntry,
  type QrCodeData,
  type QrPollData,
} from '@scrm/contracts/account';
import { ApiCode } from '@scrm/contracts/api';
import { isUniqueViolation } from '../db/database.js';
import type { DB } from '../db/tables.js';
import { AppError, Errors } from '../http/errors.js';
import { safeEqual } from '../auth/tokens.js';
import type { AuthContext, ClientInfo, SessionService } from '../auth/session.service.js';
import type { SmsCodeService } from '../sms-code/sms-code.service.js';
import type { QrSceneService } from '../gzh/qr-scene.service.js';
import type { AccountRepository, AccountRow } from './account.repository.js';
import type { LoginGuard } from './login-guard.js';
import type { PasswordHasher } from './password.js';
import { permissionDetail } from '../auth/permission.js';

export const ACCOUNT_NAME_MIN = 2;
export const ACCOUNT_NAME_MAX = 32;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;

const bad = (message: string) => new AppError(400, message);

/** Spec §5: required, 11 characters; the server also insists on digits. */
export function checkPhone(phone: string): string {
  const error = phoneError(phone) ?? (/^\d{11}$/.test(phone) ? null : Msg.phoneFormat);
  if (error) throw bad(error);
  return phone;
}

export function checkPassword(password: string): void {
  if (!password) throw bad(Msg.passwordEmpty);
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) throw bad('密码长度为6-32位');
}

export function checkAccountName(raw: string): string {
  const name = raw.trim();
  if (!name) throw bad(Msg.accountEmpty);
  if (name.length < ACCOUNT_NAME_MIN || name.length > ACCOUNT_NAME_MAX) throw bad('账号名长度为2-32位');
  return name;
}

function checkCode(code: string): void {
  if (!code) throw bad(Msg.codeEmpty);
}

const defaultNickname = (phone: string) => `用户${phone.slice(-4)}`;

/** A new main account's row: named after its phone, no permission keys, enabled. */
const mainAccountRow = (phone: string, login: { passwordHash: string | null; openid: string | null }, now: number) => ({
  parent_id: null,
  account: phone,
  phone,
  password_hash: login.passwordHash,
  nickname: defaultNickname(phone),
  gzh_openid: login.openid,
  permission_keys: '[]',
  disabled: 0,
  created_at: now,
  updated_at: now,
});

export const toCurrentUser = (row: AccountRow): CurrentUser => ({
  id: row.id,
  account: row.account ?? '',
  nickname: row.nickname,
  phone: row.phone ?? '',
  isBindGzh: row.parent_id !== null || row.gzh_openid !== null,
  isChild: row.parent_id !== null,
});

export interface AccountServiceDeps {
  accounts: AccountRepository;
  sessions: SessionService;
  smsCodes: SmsCodeService;
  scenes: QrSceneService;
  guard: LoginGuard;
  passwords: PasswordHasher;
  debugLoginCode: string | undefined;
  /** The trial seats of a new main account, written in its registration's transaction (seat/seat.service.ts). */
  grantTrial?: (accountId: number, trx: Kysely<DB>) => Promise<unknown>;
  /**
   * A new main account made from a scanned login QR: the distributor whose promotion link showed that QR gets
   * it, in the creation's transaction (distributor/distributor.service.ts `attributeScan`).
   */
  attributeScan?: (sceneCode: string, accountId: number, trx: Kysely<DB>) => Promise<unknown>;
}

/** The login guard's identifier for debug login: longer than any account name (32), so it is no one's. */
const DEBUG_LOGIN_GUARD_KEY = 'debug-login (DEBUG_LOGIN_CODE, every account)';

export class AccountService {
  constructor(private readonly d: AccountServiceDeps) {}

  private transaction<T>(work: (trx: Kysely<DB>) => Promise<T>, conflictMessage: string): Promise<T> {
    return this.d.accounts.transaction(work).catch((err) => {
      throw isUniqueViolation(err) ? new AppError(409, conflictMessage) : err;
    });
  }

  /** A scanned QR's last step: the scene is used up and the account gets its session, both or neither. */
  /** The scan is used up and a session issued; `replacing`: the session that asked ends with it (a bind). */
  private finishScan(sceneCode: string, accountId: number, client: ClientInfo, conflictMessage: string, replacing?: string): Promise<string> {
    return this.transaction(async (trx) => {
      await this.d.scenes.markDone(sceneCode, trx);
      if (replacing) await this.d.sessions.revoke(replacing, trx);
      return this.d.sessions.issue(accountId, client, trx);
    }, conflictMessage);
  }

  private assertEnabled(row: AccountRow): void {
    if (row.disabled) throw new AppError(403, '账号已被禁用');
  }

  /** A child account works only while its main account does (the token lookup checks the same). */
  private async assertParentEnabled(row: AccountRow): Promise<void> {
    if (row.parent_id === null) return;
    const parent = await this.d.accounts.findById(row.parent_id);
    if (!parent || parent.disabled) throw new AppError(403, '主账号已被禁用');
  }

  sendCode(phone: string, ip: string) {
    return this.d.smsCodes.send(checkPhone(phone), ip);
  }

  async register(body: CreateBody, client: ClientInfo): Promise<string> {
    const phone = checkPhone(body.phone);
    checkCode(body.code);
    checkPassword(body.password);
    const taken = '该手机号已注册，请直接登录';
    if (await this.d.accounts.nameTaken(phone, null)) throw new AppError(409, taken);
    const checked = await this.d.smsCodes.check(phone, body.code);
    const passwordHash = await this.d.passwords.hash(body.password);
    const now = Date.now();
    return this.transaction(async (trx) => {
      await this.d.smsCodes.consume(checked, trx);
      const id = await this.d.accounts.insert(mainAccountRow(phone, { passwordHash, openid: null }, now), trx);
      await this.d.grantTrial?.(id, trx);
      return this.d.sessions.issue(id, client, trx);
    }, taken);
  }

  /**
   * Password mode when a password is given, SMS-code mode when a code is; a form that sends
   * both fields with one left empty is read by the one filled in.
   */
  login(body: LoginBody, client: ClientInfo): Promise<string> {
    const { password, code } = body;
    const byPassword = Boolean(password) || (!code && password !== undefined);
    return byPassword ? this.loginByPassword(body.phone, password ?? '', client) : this.loginByCode(body.phone, code ?? '', client);
  }

  private async loginByPassword(identifier: string, password: string, client: ClientInfo): Promise<string> {
    const name = identifier.trim();
    if (!name) throw bad(Msg.accountEmpty);
    if (!password) throw bad(Msg.passwordEmpty);
    // Counted as a failure before the (slow) verify, taken back on success: parallel tries can't outrun the lock.
    await this.d.guard.begin(name);
    const row = await this.d.accounts.findByLogin(name);
    if (!(await this.d.passwords.verify(row?.password_hash ?? null, password)) || !row) throw bad('账号或密码错误');
    await this.d.guard.clear(name);
    this.assertEnabled(row);
    await this.assertParentEnabled(row);
    return this.d.sessions.issue(row.id, client);
  }

  private async loginByCode(phone: string, code: string, client: ClientInfo): Promise<string> {
    if (!phone) throw bad(Msg.phoneEmpty);
    if (!code) throw bad(Msg.codeEmpty);
    checkPhone(phone);
    const row = await this.d.accounts.findByPhone(phone);
    if (!row) throw bad('该手机号未注册');
    // As for passwords: counted before the code is checked, taken back when it matches.
    await this.d.guard.begin(phone);
    const checked = await this.d.smsCodes.check(phone, code);
    await this.d.guard.clear(phone);
    this.assertEnabled(row);
    await this.assertParentEnabled(row);
    return this.transaction(async (trx) => {
      await this.d.smsCodes.consume(checked, trx);
      return this.d.sessions.issue(row.id, client, trx);
    }, '登录失败，请重试');
  }

  createLoginQr(): Promise<QrCodeData> {
    return this.d.scenes.create('login', null);
  }

  /** Polled every second by the login card. */
  async pollLoginQr(code: string, client: ClientInfo): Promise<QrPollData> {
    const scene = await this.d.scenes.forPoll(code, 'login', null);
    if (scene.status === 'pending') return { token: null };
    const row = await this.d.accounts.findByOpenid(scene.openid!);
    if (!row) throw new AppError(400, '该微信尚未注册，请绑定手机号', ApiCode.WX_NOT_REGISTERED);
    this.assertEnabled(row);
    return { token: await this.finishScan(scene.code, row.id, client, '登录失败，请重试') };
  }

  /** Bind-phone after an unregistered WeChat user scanned the login QR (`wxCode`). */
  async registerByScan(body: CreateScanBody, client: ClientInfo): Promise<string> {
    const phone = checkPhone(body.phone);
    checkCode(body.code);
    const scene = body.wxCode ? await this.d.scenes.find(body.wxCode) : undefined;
    if (!scene || scene.purpose !== 'login' || scene.status !== 'scanned' || !scene.openid || scene.expires_at <= Date.now()) {
      throw bad('二维码已失效，请重新扫码');
    }
    const openid = scene.openid;
    if (await this.d.accounts.findByOpenid(openid)) throw new AppError(409, '该微信已绑定账号，请直接扫码登录');
    const existing = await this.d.accounts.findByPhone(phone);
    if (existing && existing.parent_id !== null) throw new AppError(409, '该手机号已被子账号使用');
    if (existing?.gzh_openid) throw new AppError(409, '该手机号已绑定其他微信');
    if (!existing && (await this.d.accounts.nameTaken(phone, null))) throw new AppError(409, '该手机号已被使用');
    if (existing) this.assertEnabled(existing);
    const checked = await this.d.smsCodes.check(phone, body.code);
    const now = Date.now();
    return this.transaction(async (trx) => {
      await this.d.smsCodes.consume(checked, trx);
      await this.d.scenes.markDone(scene.code, trx);
      let id: number;
      if (existing) {
        id = existing.id;
        await this.d.accounts.update(id, { gzh_openid: openid, updated_at: now }, trx);
      } else {
        id = await this.d.accounts.insert(mainAccountRow(phone, { passwordHash: null, openid }, now), trx);
        await this.d.grantTrial?.(id, trx);
        await this.d.attributeScan?.(scene.code, id, trx);
      }
      return this.d.sessions.issue(id, client, trx);
    }, '该微信或手机号已绑定其他账号');
  }

  /** Wrong codes are counted by the login guard under one key, whatever account they name. */
  async debugLogin(id: number, code: string, client: ClientInfo): Promise<string> {
    if (!this.d.debugLoginCode) throw Errors.notFound();
    await this.d.guard.begin(DEBUG_LOGIN_GUARD_KEY);
    if (!safeEqual(code, this.d.debugLoginCode)) throw new AppError(403, '调试登录码错误');
    await this.d.guard.clear(DEBUG_LOGIN_GUARD_KEY);
    const row = await this.d.accounts.findById(id);
    if (!row) throw bad('账号不存在');
    this.assertEnabled(row);
    return this.d.sessions.issue(row.id, client);
  }

  /** Answered from the auth hook's lookup: no further query on this hot call. */
  info(caller: AuthContext): CurrentUser {
    return {
      id: caller.accountId,
      account: caller.account,
      nickname: caller.nickname,
      phone: caller.phone,
      isBindGzh: caller.isChild || caller.gzhOpenid !== null,
      isChild: caller.isChild,
    };
  }

  permissionDetail(caller: AuthContext): PermissionEntry[] {
    return permissionDetail(caller.isChild, caller.permissionKeys);
  }

  async updateAccount(caller: AuthContext, body: { account?: string; nickname?: string }): Promise<CurrentUser> {
    const patch: { account?: string; nickname?: string } = {};
    if (body.account !== undefined) {
      const name = checkAccountName(body.account);
      if (name !== caller.account) {
        if (await this.d.accounts.nameTaken(name, caller.accountId)) throw new AppError(409, '账号名已被使用');
        patch.account = name;
      }
    }
    if (body.nickname !== undefined) {
      const nickname = body.nickname.trim();
      if (!nickname) throw bad('昵称不能为空');
      patch.nickname = nickname;
    }
    if (patch.account !== undefined || patch.nickname !== undefined) {
      await this.transaction(
        (trx) => this.d.accounts.update(caller.accountId, { ...patch, updated_at: Date.now() }, trx),
        '账号名已被使用',
      );
    }
    const row = await this.d.accounts.findById(caller.accountId);
    if (!row) throw Errors.notLoggedIn();
    return toCurrentUser(row);
  }

  /**
   * Changes the password and signs out every other session. An account created by QR scan
   * has no password yet: its first password needs no old one.
   */
  async updatePassword(caller: AuthContext, body: { oldPassword: string; password: string }): Promise<void> {
    checkPassword(body.password);
    const row = await this.d.accounts.findById(caller.accountId);
    if (!row) throw Errors.notLoggedIn();
    if (row.password_hash !== null) {
      if (!body.oldPassword) throw bad('原密码不能为空');
      if (!(await this.d.passwords.verify(row.password_hash, body.oldPassword))) throw bad('原密码错误');
    }
    const hash = await this.d.passwords.hash(body.password);
    await this.transaction(async (trx) => {
      await this.d.accounts.update(row.id, { password_hash: hash, updated_at: Date.now() }, trx);
      await this.d.sessions.revokeAllOf(row.id, caller.tokenHash, trx);
    }, '修改失败，请重试');
  }

  createBindQr(caller: AuthContext): Promise<QrCodeData> {
    return this.d.scenes.create('bind', caller.accountId);
  }

  /** Polled every second by the binding modal; a fresh token once the scan has bound the WeChat user. */
  async pollBindQr(caller: AuthContext, code: string, client: ClientInfo): Promise<QrPollData> {
    const scene = await this.d.scenes.forPoll(code, 'bind', caller.accountId);
    if (scene.status === 'pending') return { token: null };
    const openid = scene.openid!;
    const row = await this.d.accounts.findById(caller.accountId);
    if (!row) throw Errors.notLoggedIn();
    if (row.gzh_openid !== openid) {
      const holder = await this.d.accounts.findByOpenid(openid);
      if (holder && holder.id !== row.id) throw new AppError(409, '该微信已绑定其他账号');
      await this.bindScannedOpenid(row.id, openid);
    }
    // The new token replaces the caller's (the page takes it and reloads): one session for this browser.
    return { token: await this.finishScan(scene.code, row.id, client, '该微信已绑定其他账号', caller.tokenHash) };
  }

  /** Called by the official-account callback when a bind QR is scanned. */
  async bindScannedOpenid(accountId: number, openid: string): Promise<void> {
    const holder = await this.d.accounts.findByOpenid(openid);
    if (holder) return; // already bound: to this account (nothing to do) or another (the poll says so)
    await this.transaction(
      (trx) => this.d.accounts.update(accountId, { gzh_openid: openid, updated_at: Date.now() }, trx),
      '该微信已绑定其他账号',
    ).catch((err) => {
      if (!(err instanceof AppError && err.statusCode === 409)) throw err;
    });
  }

  logout(caller: AuthContext): Promise<void> {
    return this.d.sessions.revoke(caller.tokenHash);
  }
}
