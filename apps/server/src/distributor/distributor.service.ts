// 分销商门户: a distributor's SMS login and debug login, its info, its customers (main accounts registered
// through its promotion link), their recharges and seat records, and 设置席位; the login gate's promotion
// scan and the attribution of a new account; the operators' creation of distributors. docs/distributors.md.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Msg, type QrPollData } from '@scrm/contracts/account';
import {
  PROMO_CODE_PATTERN,
  maskPhone,
  type AdminDistributor,
  type CustomerList,
  type CustomerListBody,
  type CustomerSeats,
  type DistributorCreateBody,
  type DistributorInfo,
  type DistributorUpdateBody,
  type RechargeRecordList,
  type RecordListBody,
  type SeatRecordList,
  type SeatSetBody,
  type SeatSetData,
} from '@scrm/contracts/distributor-portal';
import { checkPhone } from '../account/account.service.js';
import type { LoginGuard } from '../account/login-guard.js';
import type { DistributorCaller } from '../auth/auth.hook.js';
import type { ClientInfo } from '../auth/session.service.js';
import { safeEqual } from '../auth/tokens.js';
import { isUniqueViolation } from '../db/database.js';
import type { DB } from '../db/tables.js';
import { AppError, Errors } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import type { SeatService } from '../seat/seat.service.js';
import type { SmsCodeService } from '../sms-code/sms-code.service.js';
import type { DistributorRepository, DistributorRow, SeatFigureRow } from './distributor.repository.js';
import type { DistributorSessionService } from './distributor-session.service.js';

const bad = (message: string) => new AppError(400, message);
/** Another distributor's customer and an account that does not exist read the same. */
const customerNotFound = () => new AppError(404, '客户账号不存在');
const PROMO_RE = new RegExp(PROMO_CODE_PATTERN);
/** Login-guard keys: longer than any account name (32), so they are no account's. */
const guardKey = (phone: string) => `distributor-portal (SMS login) ${phone}`;
const DEBUG_GUARD_KEY = 'distributor-portal debug-login (DEBUG_LOGIN_CODE, every distributor)';

export interface DistributorServiceDeps {
  repo: DistributorRepository;
  sessions: DistributorSessionService;
  smsCodes: SmsCodeService;
  guard: LoginGuard;
  seats: SeatService;
  /** The login gate's poll of a login QR (AccountService.pollLoginQr). */
  pollLoginQr: (code: string, client: ClientInfo) => Promise<QrPollData>;
  /** Whether a login scene can still be tied: a login scene, not finished, not expired. */
  sceneOpen: (code: string) => Promise<boolean>;
  debugLoginCode: string | undefined;
  adminToken: string | undefined;
  publicUrl: string;
  now: () => number;
}

const noSeats: CustomerSeats = { bought: 0, used: 0, expired: 0, nextExpiresAt: null };
const seatsOf = (r: SeatFigureRow | undefined): CustomerSeats => (r ? { bought: r.bought, used: r.used, expired: r.expired, nextExpiresAt: r.next } : noSeats);

export class DistributorService {
  constructor(private readonly d: DistributorServiceDeps) {}

  // ---------------------------------------------------------------- login

  async sendCode(phone: string, ip: string) {
    checkPhone(phone);
    const row = await this.d.repo.findByPhone(phone);
    if (!row) throw bad('该手机号不是分销商账号');
    if (row.disabled) throw new AppError(403, '分销商账号已停用');
    return this.d.smsCodes.send(phone, ip, 'distributor');
  }

  async login(body: { phone: string; code: string }, client: ClientInfo): Promise<string> {
    if (!body.phone) throw bad(Msg.phoneEmpty);
    if (!body.code) throw bad(Msg.codeEmpty);
    const phone = checkPhone(body.phone);
    const row = await this.d.repo.findByPhone(phone);
    if (!row) throw bad('该手机号不是分销商账号');
    // As the account login: counted before the code is checked, taken back when it matches.
    await this.d.guard.begin(guardKey(phone));
    const checked = await this.d.smsCodes.check(phone, body.code, 'distributor');
    await this.d.guard.clear(guardKey(phone));
    if (row.disabled) throw new AppError(403, '分销商账号已停用');
    await this.d.repo.transaction((trx) => this.d.smsCodes.consume(checked, trx));
    return this.d.sessions.issue(row.id, client);
  }

  /** Only with DEBUG_LOGIN_CODE (refused in production mode): 404 otherwise, as the account's debug login. */
  async debugLogin(id: number, code: string, client: ClientInfo): Promise<string> {
    if (!this.d.debugLoginCode) throw Errors.notFound();
    await this.d.guard.begin(DEBUG_GUARD_KEY);
    if (!safeEqual(code, this.d.debugLoginCode)) throw new AppError(403, '调试登录码错误');
    await this.d.guard.clear(DEBUG_GUARD_KEY);
    const row = await this.d.repo.findById(id);
    if (!row) throw bad('分销商不存在');
    if (row.disabled) throw new AppError(403, '分销商账号已停用');
    return this.d.sessions.issue(row.id, client);
  }

  logout(caller: DistributorCaller): Promise<void> {
    return this.d.sessions.revoke(caller);
  }

  // ---------------------------------------------------------------- the portal

  private async self(caller: DistributorCaller): Promise<DistributorRow> {
    const row = await this.d.repo.findById(caller.distributorId);
    if (!row) throw Errors.notLoggedIn();
    return row;
  }

  promoUrl(promoCode: string): string {
    return `${this.d.publicUrl.replace(/\/+$/, '')}/?cps=${encodeURIComponent(promoCode)}`;
  }

  /** The distributor a main account came through while it sells: its seat price applies to the account's orders. */
  distributorOf(accountId: number): Promise<{ id: number; name: string; seatPriceFen: number } | undefined> {
    return this.d.repo.distributorOf(accountId);
  }

  async info(caller: DistributorCaller): Promise<DistributorInfo> {
    const [row, customerCount] = await Promise.all([this.self(caller), this.d.repo.customerCount(caller.distributorId)]);
    return {
      id: row.id,
      name: row.name,
      phone: maskPhone(row.phone),
      seatPriceFen: row.seat_price_fen,
      promoCode: row.promo_code,
      promoUrl: this.promoUrl(row.promo_code),
      customerCount,
    };
  }

  async customers(caller: DistributorCaller, body: CustomerListBody = {}): Promise<CustomerList> {
    const phone = body?.phone?.trim() ?? '';
    if (phone && !/^\d{4,11}$/.test(phone)) throw bad('请输入手机号后 4 至 11 位数字');
    const { offset, limit } = pageWindow(body?.page, body?.pageSize);
    const { rows, total } = await this.d.repo.customerPage(caller.distributorId, phone || undefined, offset, limit);
    const figures = new Map((await this.d.repo.seatFigures(rows.map((r) => r.id))).map((f) => [f.account_id, f]));
    return {
      list: rows.map((r) => ({ accountId: r.id, phone: maskPhone(r.phone), nickname: r.nickname, createdAt: r.created_at, seats: seatsOf(figures.get(r.id)) })),
      total,
    };
  }

  private async assertCustomer(caller: DistributorCaller, accountId: number | undefined): Promise<void> {
    if (accountId !== undefined && !(await this.d.repo.isCustomer(caller.distributorId, accountId))) throw customerNotFound();
  }

  async recharges(caller: DistributorCaller, body: RecordListBody = {}): Promise<RechargeRecordList> {
    await this.assertCustomer(caller, body?.accountId);
    const { offset, limit } = pageWindow(body?.page, body?.pageSize);
    const { rows, total } = await this.d.repo.rechargePage(caller.distributorId, body?.accountId, offset, limit);
    return {
      list: rows.map((r) => ({
        id: r.id,
        orderNo: r.order_no,
        accountId: r.account_id,
        phone: maskPhone(r.phone),
        kind: r.kind,
        seatCount: r.seat_count,
        termDays: r.term_days,
        unitPriceFen: r.unit_price_fen,
        amountFen: r.amount_fen,
        state: r.state,
        paidAt: r.paid_at,
        closedAt: r.closed_at,
      })),
      total,
    };
  }

  async seatRecords(caller: DistributorCaller, body: RecordListBody = {}): Promise<SeatRecordList> {
    await this.assertCustomer(caller, body?.accountId);
    const { offset, limit } = pageWindow(body?.page, body?.pageSize);
    const { rows, total } = await this.d.repo.seatRecordPage(caller.distributorId, body?.accountId, offset, limit);
    return {
      list: rows.map((r) => ({
        key: `${r.source}:${r.id}`,
        kind: r.kind,
        accountId: r.account_id,
        phone: maskPhone(r.phone),
        seatCount: r.seat_count,
        termDays: r.term_days,
        at: r.at,
        orderNo: r.order_no,
      })),
      total,
    };
  }

  /**
   * 设置席位: `count` seats of `days` for one of its customers, credited through SeatService.credit (source
   * `distributor:<id>`) and recorded, in one transaction. Another distributor's account: 404.
   */
  async setSeats(caller: DistributorCaller, body: SeatSetBody): Promise<SeatSetData> {
    await this.self(caller);
    await this.assertCustomer(caller, body.accountId);
    await this.d.repo.transaction(async (trx) => {
      await this.d.seats.credit(body.accountId, body.count, body.days, `distributor:${caller.distributorId}`, trx);
      await this.d.repo.insertSeatRecord(
        { distributor_id: caller.distributorId, account_id: body.accountId, seat_count: body.count, term_days: body.days, created_at: this.d.now() },
        trx,
      );
    });
    const [figures] = await this.d.repo.seatFigures([body.accountId]);
    return { accountId: body.accountId, seats: seatsOf(figures) };
  }

  // ---------------------------------------------------------------- attribution

  /**
   * /api/cps/scan/callback: the login gate, opened through a promotion link, polls its login QR here with the
   * link's code. The first poll ties the scene to the distributor (an unknown or disabled code ties nothing;
   * a scene already tied stays tied); the answer is the login poll's, so the gate works the same either way.
   */
  async scanCallback(code: string, cps: string, client: ClientInfo): Promise<QrPollData> {
    const promo = cps.trim();
    if (code && PROMO_RE.test(promo) && (await this.d.sceneOpen(code))) {
      const distributor = await this.d.repo.findEnabledByPromo(promo);
      if (distributor) await this.d.repo.tieScene(code, distributor.id, this.d.now());
    }
    return this.d.pollLoginQr(code, client);
  }

  /** A new main account made from a scanned login QR: the distributor the scene was tied to gets it (in the creation's transaction). */
  async attributeScan(sceneCode: string, accountId: number, trx: Kysely<DB>): Promise<void> {
    const distributorId = await this.d.repo.distributorOfScene(sceneCode, trx);
    if (distributorId !== undefined) await this.d.repo.attribute(accountId, distributorId, trx);
  }

  // ---------------------------------------------------------------- operators

  private assertAdmin(token: string | undefined): void {
    if (!this.d.adminToken) throw new AppError(403, '未配置管理员凭证（ADMIN_TOKEN），此接口不可用');
    if (!token || !safeEqual(token, this.d.adminToken)) throw new AppError(401, '管理员凭证错误');
  }

  private adminView(row: DistributorRow): AdminDistributor {
    return { id: row.id, phone: row.phone, name: row.name, seatPriceFen: row.seat_price_fen, promoCode: row.promo_code, disabled: row.disabled === 1 };
  }

  async create(token: string | undefined, body: DistributorCreateBody): Promise<AdminDistributor> {
    this.assertAdmin(token);
    const phone = checkPhone(body.phone);
    const name = body.name.trim();
    if (!name) throw bad('分销商名称不能为空');
    const promo = body.promoCode?.trim() || randomBytes(6).toString('hex');
    if (!PROMO_RE.test(promo)) throw bad('推广码为 4-32 位字母或数字');
    const now = this.d.now();
    let id: number;
    try {
      id = await this.d.repo.insert({ phone, name, seat_price_fen: body.seatPriceFen, promo_code: promo, created_at: now, updated_at: now });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, '该手机号或推广码已被其他分销商使用');
      throw err;
    }
    return this.adminView((await this.d.repo.findById(id))!);
  }

  async update(token: string | undefined, body: DistributorUpdateBody): Promise<AdminDistributor> {
    this.assertAdmin(token);
    const name = body.name?.trim();
    if (body.name !== undefined && !name) throw bad('分销商名称不能为空');
    const patch = {
      ...(name ? { name } : {}),
      ...(body.seatPriceFen !== undefined ? { seat_price_fen: body.seatPriceFen } : {}),
      ...(body.disabled !== undefined ? { disabled: body.disabled ? 1 : 0 } : {}),
      updated_at: this.d.now(),
    };
    if (!(await this.d.repo.update(body.id, patch))) throw new AppError(404, '分销商不存在');
    if (body.disabled) await this.d.sessions.revokeAllOf(body.id);
    return this.adminView((await this.d.repo.findById(body.id))!);
  }
}
