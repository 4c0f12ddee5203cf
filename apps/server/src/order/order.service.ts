// Seat orders (docs/seats.md, "Orders and payment"): buying seats or renewing named ones. The server
// prices the order (the distributor's price when the account came through one, else SEAT_PRICE_FEN),
// the payment provider collects the money, and only the provider's word — its signed notification, or
// its answer when we ask it — marks an order paid. The flip to paid is one conditional UPDATE in the
// transaction that credits the seats, so duplicate, concurrent and late deliveries credit once.
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SEAT_TERMS, termPriceFen, yuan, type Order, type OrderDetail, type OrderGetBody, type OrderList, type OrderListBody, type OrderRefund, type SeatPrice } from '@scrm/contracts/order';
import { CHINA_OFFSET_MS } from '@scrm/contracts/china-time';
import type { AuthContext } from '../auth/session.service.js';
import { safeEqual } from '../auth/tokens.js';
import type { CallbackReplayGuard } from '../callback/replay-guard.js';
import type { BusinessClock } from '../clock/clock.js';
import { isUniqueViolation, parseIds } from '../db/database.js';
import { AppError } from '../http/errors.js';
import { pageWindow } from '../http/paging.js';
import type { SeatService } from '../seat/seat.service.js';
import type { Executor, OrderRepository, OrderRow } from './order.repository.js';
import type { PaymentEvent, PaymentProvider, PaymentState } from './payment/payment-provider.js';

export const ORDER_TICK_JOB = 'order_tick';
const TICK_BATCH = 200;

export interface OrderDeps {
  repo: OrderRepository;
  seats: SeatService;
  clock: BusinessClock;
  log: FastifyBaseLogger;
  /** Once-only of each signed notification request (the callbacks' guard, kind 'pay'). */
  replay: CallbackReplayGuard;
  /** The payment provider; undefined: buying is refused (production without one configured). */
  pay: PaymentProvider | undefined;
  /** The distributor an account came through while it sells (the distributors' domain); its price applies. */
  distributorOf(accountId: number): Promise<{ id: number; name: string; seatPriceFen: number } | undefined>;
  /** SEAT_PRICE_FEN: one seat for 365 days, for accounts that came through no distributor. */
  seatPriceFen: number;
  /** ORDER_TTL_MINUTES: an unpaid order lapses after this long (business clock). */
  ttlMs: number;
  /** Where the cashier sends the buyer back (the console's 资源包 page). */
  publicUrl: string;
  /** ADMIN_TOKEN: the operators' refund. */
  adminToken: string | undefined;
}

/** What a notification did (payment_notice.outcome). */
export type NoticeOutcome = 'credited' | 'duplicate' | 'ignored' | 'closed' | 'refunded' | 'rejected' | 'unknown';

const ownerOf = (caller: AuthContext) => caller.parentId ?? caller.accountId;
const notFound = () => new AppError(404, '订单不存在');
const payless = () => new AppError(400, '暂未开通在线支付，请联系客服购买席位');

export function orderOf(r: OrderRow): Order {
  return {
    id: r.id,
    orderNo: r.order_no,
    kind: r.kind,
    seatCount: r.seat_count,
    termDays: r.term_days,
    seatIds: parseIds(r.seat_ids),
    unitPriceFen: Number(r.unit_price_fen),
    amountFen: Number(r.amount_fen),
    distributorPrice: r.distributor_id !== null,
    state: r.state,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    paidAt: r.paid_at,
    closedAt: r.closed_at,
  };
}

/** SO + China time to the second + 6 random digits: 22 characters, unique (the index decides). */
function orderNoAt(now: number): string {
  const t = new Date(now + CHINA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `SO${t}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

export class OrderService {
  constructor(private readonly d: OrderDeps) {}

  private get now() {
    return this.d.clock.now();
  }

  // ---------------------------------------------------------------- price

  private async yearPrice(accountId: number): Promise<{ fen: number; distributor: { id: number; name: string } | null }> {
    const dist = await this.d.distributorOf(accountId);
    return dist ? { fen: dist.seatPriceFen, distributor: { id: dist.id, name: dist.name } } : { fen: this.d.seatPriceFen, distributor: null };
  }

  async price(caller: AuthContext): Promise<SeatPrice> {
    const p = await this.yearPrice(ownerOf(caller));
    return {
      yearPriceFen: p.fen,
      distributor: p.distributor && { name: p.distributor.name },
      terms: SEAT_TERMS.map((days) => ({ days, unitPriceFen: termPriceFen(p.fen, days) })),
      payable: this.d.pay !== undefined,
    };
  }

  // ---------------------------------------------------------------- reading

  private async own(caller: AuthContext, id: number): Promise<OrderRow> {
    const row = await this.d.repo.find(ownerOf(caller), id);
    if (!row) throw notFound();
    return row;
  }

  async list(caller: AuthContext, body: OrderListBody): Promise<OrderList> {
    const { offset, limit } = pageWindow(body.page, body.pageSize ?? 20);
    const { rows, total } = await this.d.repo.page(ownerOf(caller), body.state, offset, limit);
    return { list: rows.map(orderOf), total };
  }

  private returnUrl(id: number) {
    return `${this.d.publicUrl}/#/setting/package?tab=orders&paid=${id}`;
  }

  private description(o: OrderRow) {
    return o.kind === 'buy' ? `购买席位 ${o.seat_count} 个 · ${o.term_days} 天` : `续费席位 ${o.seat_count} 个 · ${o.term_days} 天`;
  }

  /** The order, with its cashier while it waits for payment (the provider answers the same cashier again). */
  private async detail(o: OrderRow): Promise<OrderDetail> {
    if (o.state !== 'pending' || !this.d.pay || o.provider !== this.d.pay.name || o.expires_at <= this.now) return { order: orderOf(o), cashierUrl: null };
    const { cashierUrl } = await this.d.pay.create({
      orderNo: o.order_no,
      amountFen: Number(o.amount_fen),
      description: this.description(o),
      expiresAt: this.d.clock.wall(o.expires_at),
      returnUrl: this.returnUrl(o.id),
    });
    return { order: orderOf(o), cashierUrl };
  }

  /** /api/qw/order/get: `id` reads an order (去支付 answers its cashier); without it a new order is placed. */
  async get(caller: AuthContext, body: OrderGetBody): Promise<OrderDetail> {
    if (body.id !== undefined) {
      const o = await this.own(caller, body.id);
      if (body.kind !== undefined || body.count !== undefined || body.termDays !== undefined || body.seatIds !== undefined) {
        throw new AppError(400, '查看订单时只需订单 id；下单请不要传 id');
      }
      return this.detail(o);
    }
    return this.place(caller, body);
  }

  // ---------------------------------------------------------------- placing

  private async place(caller: AuthContext, body: OrderGetBody): Promise<OrderDetail> {
    const pay = this.d.pay;
    if (!body.kind) throw new AppError(400, '请选择购买席位（kind: buy）或续费席位（kind: renew）');
    if (body.termDays === undefined || !(SEAT_TERMS as readonly number[]).includes(body.termDays)) {
      throw new AppError(400, `购买期限应为 ${SEAT_TERMS.join('、')} 天之一`);
    }
    let count: number;
    let seatIds: number[] = [];
    if (body.kind === 'buy') {
      if (body.seatIds !== undefined) throw new AppError(400, '购买席位时不能指定席位，续费请选择 kind: renew');
      if (body.count === undefined) throw new AppError(400, '请填写购买的席位数量');
      count = body.count;
    } else {
      if (body.count !== undefined) throw new AppError(400, '续费时请选择席位（seatIds），不必填写数量');
      if (!body.seatIds) throw new AppError(400, '请选择要续费的席位');
      seatIds = await this.d.seats.renewable(caller, body.seatIds);
      count = seatIds.length;
    }
    if (!pay) throw payless();
    const accountId = ownerOf(caller);
    const price = await this.yearPrice(accountId);
    const unit = termPriceFen(price.fen, body.termDays);
    if (unit < 1) throw new AppError(400, '席位价格未设置，请联系客服');
    const now = this.now;
    let row: OrderRow | undefined;
    for (let attempt = 0; !row; attempt++) {
      try {
        row = await this.d.repo.insert(
          {
            order_no: orderNoAt(now),
            account_id: accountId,
            distributor_id: price.distributor?.id ?? null,
            kind: body.kind,
            seat_count: count,
            term_days: body.termDays,
            seat_ids: JSON.stringify(seatIds),
            unit_price_fen: unit,
            amount_fen: unit * count,
            provider: pay.name,
            expires_at: now + this.d.ttlMs,
          },
          now,
        );
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 4) throw err;
      }
    }
    try {
      return await this.detail(row);
    } catch (err) {
      // No cashier: the order is withdrawn at once rather than left waiting to lapse.
      await this.d.repo.cancel(row.id, this.now);
      throw err;
    }
  }

  // ---------------------------------------------------------------- paying

  /**
   * Credits a payment the provider reported, in `trx`: the order flips to paid only from pending (or from
   * cancelled: money taken for an order that lapsed here is honoured, not lost) — a second delivery finds
   * it paid and credits nothing. A refunded order stays refunded.
   */
  private async credit(trx: Executor, o: OrderRow, paid: { amountFen: number; tradeNo: string | null }): Promise<NoticeOutcome> {
    if (paid.amountFen !== Number(o.amount_fen)) {
      this.d.log.error({ orderId: o.id, expected: Number(o.amount_fen), reported: paid.amountFen }, 'payment amount differs from the order: nothing credited');
      return 'rejected';
    }
    if (!(await this.d.repo.markPaid(trx, o.id, paid.tradeNo, this.now, this.now))) return o.state === 'refunded' ? 'ignored' : 'duplicate';
    if (o.kind === 'buy') await this.d.seats.credit(o.account_id, o.seat_count, o.term_days, `order:${o.id}`, trx);
    else await this.d.seats.renewFor(o.account_id, parseIds(o.seat_ids), o.term_days, trx);
    if (o.state === 'cancelled') this.d.log.warn({ orderId: o.id }, 'payment arrived for an order cancelled here: credited');
    this.d.log.info({ orderId: o.id, kind: o.kind, seats: o.seat_count }, 'order paid: seats credited');
    return 'credited';
  }

  /** The provider says the order is paid (asked by us, not told): credit it. */
  private async creditFromState(o: OrderRow, st: PaymentState): Promise<NoticeOutcome> {
    return this.d.repo.transaction(async (trx) => {
      const fresh = (await this.d.repo.byId(o.id, trx))!;
      return this.credit(trx, fresh, { amountFen: st.amountFen, tradeNo: st.tradeNo });
    });
  }

  /** /api/qw/order/pay/success: the browser came back from the cashier; the provider is asked what happened. */
  async paySuccess(caller: AuthContext, id: number): Promise<OrderDetail> {
    let o = await this.own(caller, id);
    if ((o.state === 'pending' || o.state === 'cancelled') && this.d.pay && o.provider === this.d.pay.name) {
      const st = await this.d.pay.query(o.order_no);
      if (st?.state === 'paid') {
        if ((await this.creditFromState(o, st)) === 'rejected') throw new AppError(409, '支付金额与订单不符，请联系客服');
      } else if (st?.state === 'closed' && o.state === 'pending') {
        await this.d.repo.cancel(o.id, this.now);
      }
      o = (await this.d.repo.byId(o.id))!;
    }
    return this.detail(o);
  }

  /** /api/qw/order/cancel: an unpaid order withdrawn (closed at the provider first, so it can no longer be paid). */
  async cancel(caller: AuthContext, id: number): Promise<OrderDetail> {
    const o = await this.own(caller, id);
    if (o.state !== 'pending') throw new AppError(409, o.state === 'paid' ? '订单已支付，无法取消' : '只能取消待支付的订单');
    if (this.d.pay && o.provider === this.d.pay.name) {
      const st = await this.d.pay.close(o.order_no);
      if (st?.state === 'paid') {
        await this.creditFromState(o, st);
        throw new AppError(409, '订单已支付，席位已到账，无法取消');
      }
    }
    if (!(await this.d.repo.cancel(o.id, this.now))) throw new AppError(409, '订单状态已变化，请刷新后重试');
    return this.detail((await this.d.repo.byId(o.id))!);
  }

  // ---------------------------------------------------------------- notifications

  /**
   * POST /api/pay/notify/<provider>: a notification verified (signature 401, shape 400), accepted once as
   * a request (stale or replayed 403), recorded once per notify id, and applied in one transaction.
   */
  async receive(provider: string, headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<NoticeOutcome> {
    const pay = this.d.pay;
    if (!pay || pay.name !== provider) throw new AppError(404, '支付渠道不存在');
    const ev = pay.verify(headers, rawBody);
    const outcome = await this.d.replay.once({ kind: 'pay', ...ev.signed }, () => this.apply(pay, ev));
    if (outcome === 'rejected') throw new AppError(400, '支付通知的金额与订单不符，未入账');
    if (outcome === 'unknown') throw notFound();
    return outcome;
  }

  private async apply(pay: PaymentProvider, ev: PaymentEvent): Promise<NoticeOutcome> {
    const order = await this.d.repo.byNo(pay.name, ev.orderNo);
    const now = this.now;
    const outcome = await this.d.repo.transaction(async (trx): Promise<NoticeOutcome | null> => {
      if (!(await this.d.repo.recordNotice(trx, { provider: pay.name, notifyId: ev.notifyId, orderId: order?.id ?? null, outcome: 'received', now }))) return null;
      const o = order && (await this.d.repo.byId(order.id, trx));
      const result = o ? await this.applyTo(trx, o, ev) : 'unknown';
      await this.d.repo.setNoticeOutcome(trx, pay.name, ev.notifyId, result);
      return result;
    });
    this.d.log.info({ orderId: order?.id ?? null, event: ev.kind, outcome: outcome ?? 'duplicate' }, 'payment notification');
    if (outcome !== null) return outcome;
    // Delivered before: answered as the first delivery was (a refusal stays a refusal).
    const first = await this.d.repo.noticeOutcome(pay.name, ev.notifyId);
    return first === 'rejected' || first === 'unknown' ? first : 'duplicate';
  }

  private async applyTo(trx: Executor, o: OrderRow, ev: PaymentEvent): Promise<NoticeOutcome> {
    switch (ev.kind) {
      case 'paid':
        return this.credit(trx, o, ev);
      case 'closed':
        // A close after payment (out of order) changes nothing.
        return o.state === 'pending' && (await this.d.repo.cancel(o.id, this.now, undefined, trx)) ? 'closed' : 'ignored';
      case 'refunded':
        return o.state === 'paid' && (await this.takeBack(trx, o)) ? 'refunded' : 'ignored';
      default:
        // A failed attempt leaves the order payable (the buyer may try again); after payment it is stale news.
        return 'ignored';
    }
  }

  /** paid → refunded and the seats taken back, counted on the order; false when it was not paid (any more). */
  private async takeBack(trx: Executor, o: OrderRow): Promise<boolean> {
    if (!(await this.d.repo.markRefunded(trx, o.id, this.now))) return false;
    const taken = await this.d.seats.takeBack(o.account_id, { id: o.id, kind: o.kind, seatIds: parseIds(o.seat_ids), termDays: o.term_days }, trx);
    await this.d.repo.setTakenBack(trx, o.id, taken);
    return true;
  }

  // ---------------------------------------------------------------- refunds (operators)

  /** /api/admin/qw/order/refund: the provider refunds the paid order in full, and its seats are taken back. */
  async refund(token: string | undefined, orderId: number): Promise<OrderRefund> {
    if (!this.d.adminToken) throw new AppError(403, '未配置管理员凭证（ADMIN_TOKEN），此接口不可用');
    if (!token || !safeEqual(token, this.d.adminToken)) throw new AppError(401, '管理员凭证错误');
    const o = await this.d.repo.byId(orderId);
    if (!o) throw notFound();
    if (o.state !== 'paid') throw new AppError(409, o.state === 'refunded' ? '订单已退款' : '只能退款已支付的订单');
    if (!this.d.pay || this.d.pay.name !== o.provider) throw new AppError(409, '该订单的支付渠道未配置，无法退款');
    await this.d.pay.refund(o.order_no, Number(o.amount_fen));
    // The provider's REFUND notice may have taken the seats back already; then this finds the order refunded.
    await this.d.repo.transaction(async (trx) => this.takeBack(trx, (await this.d.repo.byId(o.id, trx))!));
    this.d.log.info({ orderId: o.id, amount: yuan(Number(o.amount_fen)) }, 'order refunded');
    const after = (await this.d.repo.byId(o.id))!;
    return { order: orderOf(after), takenBack: after.taken_back, keptBound: after.kept_bound };
  }

  // ---------------------------------------------------------------- the minute tick

  /**
   * Unpaid orders whose time is over lapse (已取消): each is closed at the provider first — when the
   * provider says it was paid meanwhile it is credited instead; when the provider cannot be reached it is
   * tried again at the next tick.
   */
  async tick(): Promise<void> {
    const now = this.now;
    for (const o of await this.d.repo.duePending(now, TICK_BATCH)) {
      const pay = this.d.pay;
      try {
        if (pay && pay.name === o.provider) {
          const st = await pay.close(o.order_no);
          if (st?.state === 'paid') {
            await this.creditFromState(o, st);
            continue;
          }
        }
        await this.d.repo.cancel(o.id, this.now, now);
      } catch (err) {
        this.d.log.warn({ err, orderId: o.id }, 'could not close a lapsed order at the payment provider; trying again next minute');
      }
    }
  }
}
