// The simulated payment provider (支付渠道): merchant orders, their cashier sessions, and the signed
// notifications it posts to the merchant's notify URL — retried until the merchant answers 2xx, as real
// providers do. Signature: hex HMAC-SHA256 with the merchant key over `timestamp \n nonce \n body`
// (notifications) and `METHOD \n path \n timestamp \n nonce \n body` (the merchant's requests).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { send } from '../outbound.js';

export type PayState = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
export type PayEvent = 'TRANSACTION.SUCCESS' | 'TRANSACTION.FAIL' | 'TRANSACTION.CLOSED' | 'REFUND.SUCCESS';

export interface PayOrder {
  payId: string;
  outTradeNo: string;
  amountFen: number;
  description: string;
  notifyUrl: string;
  returnUrl: string;
  timeExpire: number;
  state: PayState;
  tradeNo: string | null;
  successTime: number | null;
  createdAt: number;
  notices: PayNotice[];
}

export interface DeliveryAttempt {
  at: number;
  /** The merchant's HTTP status, or the network error. */
  status: number | null;
  error?: string;
}

export interface PayNotice {
  notifyId: string;
  event: PayEvent;
  /** The body as signed and sent (a tampered amount included). */
  body: string;
  deliveries: DeliveryAttempt[][];
}

/** How a notification is delivered (the control API's drills). */
export interface DeliveryOptions {
  /** The same notification delivered this many times at once (duplicates, races). */
  times?: number;
  /** Wait this long before the first attempt (a delayed notification). */
  delayMs?: number;
  /** Signed with this amount instead of the order's (a provider bug, or a mix-up). */
  amountFen?: number;
  /** The timestamp this many seconds in the past (a stale delivery). */
  ageSeconds?: number;
  /** Signed with a wrong key (a forgery). */
  badSignature?: boolean;
  /** One attempt only, no retries. */
  noRetry?: boolean;
}

export const sign = (key: string, parts: string[]) => createHmac('sha256', key).update(parts.join('\n')).digest('hex');

export function verifySigned(key: string, parts: string[], given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(sign(key, parts), 'hex'), Buffer.from(given, 'hex'));
}

const id = (prefix: string, bytes = 10) => `${prefix}${randomBytes(bytes).toString('hex')}`;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export class PayStore {
  readonly orders = new Map<string, PayOrder>();
  private readonly byPayId = new Map<string, PayOrder>();
  /** Where notifications go instead of each order's notify URL (tests whose server listens on a port chosen at start). */
  notifyUrlOverride = '';
  /** Waits between attempts of a notification the merchant did not accept (then it is given up). */
  retryDelaysMs = [1000, 2000, 4000, 8000, 15000];
  /** A refund is answered only once its REFUND notice was delivered (a provider whose notice wins the race). */
  refundNoticeFirst = false;
  private readonly pending = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    readonly key: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  create(o: Pick<PayOrder, 'outTradeNo' | 'amountFen' | 'description' | 'notifyUrl' | 'returnUrl' | 'timeExpire'>): PayOrder | 'AMOUNT_MISMATCH' {
    const old = this.orders.get(o.outTradeNo);
    if (old) return old.amountFen === o.amountFen ? old : 'AMOUNT_MISMATCH';
    const order: PayOrder = { ...o, payId: id('cs_'), state: 'NOTPAY', tradeNo: null, successTime: null, createdAt: Date.now(), notices: [] };
    this.orders.set(o.outTradeNo, order);
    this.byPayId.set(order.payId, order);
    return order;
  }

  byPay(payId: string): PayOrder | undefined {
    return this.byPayId.get(payId);
  }

  /** The buyer pays (`force`: even a closed or expired order — the provider took money the merchant thought lapsed). */
  pay(o: PayOrder, force = false): 'OK' | 'ORDERPAID' | 'ORDERCLOSED' | 'EXPIRED' {
    if (o.state === 'SUCCESS' || o.state === 'REFUND') return 'ORDERPAID';
    if (!force && o.state === 'CLOSED') return 'ORDERCLOSED';
    if (!force && Date.now() > o.timeExpire) return 'EXPIRED';
    o.state = 'SUCCESS';
    o.tradeNo = id('SIMPAY', 8).toUpperCase();
    o.successTime = Date.now();
    return 'OK';
  }

  close(o: PayOrder): 'OK' | 'ORDERPAID' {
    if (o.state === 'SUCCESS' || o.state === 'REFUND') return 'ORDERPAID';
    o.state = 'CLOSED';
    return 'OK';
  }

  refund(o: PayOrder): 'OK' | 'REFUNDED' | 'NOTPAID' {
    if (o.state === 'REFUND') return 'REFUNDED';
    if (o.state !== 'SUCCESS') return 'NOTPAID';
    o.state = 'REFUND';
    return 'OK';
  }

  /** A new notification of `event` for the order (its own notify id). */
  notice(o: PayOrder, event: PayEvent, amountFen = o.amountFen): PayNotice {
    const notifyId = id('nt_');
    const body = JSON.stringify({ notifyId, event, outTradeNo: o.outTradeNo, tradeNo: o.tradeNo, amountFen, at: Date.now() });
    const n: PayNotice = { notifyId, event, body, deliveries: [] };
    o.notices.push(n);
    return n;
  }

  /** Delivers the notification (`times` at once), each retried until the merchant answers 2xx. Resolves when all are done. */
  deliver(o: PayOrder, n: PayNotice, opts: DeliveryOptions = {}): Promise<void> {
    const body = opts.amountFen === undefined ? n.body : JSON.stringify({ ...JSON.parse(n.body), amountFen: opts.amountFen });
    const runs = Array.from({ length: Math.max(1, Math.min(opts.times ?? 1, 50)) }, () => this.attempts(o, n, body, opts));
    const all = Promise.all(runs).then(() => undefined);
    this.pending.add(all);
    void all.finally(() => this.pending.delete(all));
    return all;
  }

  private async attempts(o: PayOrder, n: PayNotice, body: string, opts: DeliveryOptions): Promise<void> {
    const log: DeliveryAttempt[] = [];
    n.deliveries.push(log);
    if (opts.delayMs) await sleep(Math.min(opts.delayMs, 120_000));
    const url = this.notifyUrlOverride || o.notifyUrl;
    const delays = opts.noRetry ? [] : this.retryDelaysMs;
    for (let i = 0; !this.stopped; i++) {
      const timestamp = String(Math.floor(Date.now() / 1000) - (opts.ageSeconds ?? 0));
      const nonce = randomBytes(12).toString('hex');
      const signature = sign(opts.badSignature ? `${this.key}-forged` : this.key, [timestamp, nonce, body]);
      const attempt: DeliveryAttempt = { at: Date.now(), status: null };
      try {
        const res = await send({
          url: new URL(url),
          method: 'POST',
          headers: { 'x-pay-timestamp': timestamp, 'x-pay-nonce': nonce, 'x-pay-signature': signature },
          body,
          timeoutMs: 5000,
          idempotent: true,
        });
        attempt.status = res.status;
      } catch (err) {
        attempt.error = (err as Error).message;
      }
      log.push(attempt);
      if (attempt.status !== null && attempt.status >= 200 && attempt.status < 300) return;
      if (i >= delays.length) {
        this.log.warn({ outTradeNo: o.outTradeNo, notifyId: n.notifyId, status: attempt.status }, 'payment notification given up');
        return;
      }
      await sleep(delays[i]!);
    }
  }

  /** No further attempts (the simulator closes). */
  stop(): void {
    this.stopped = true;
  }

  /** Waits for every delivery under way (tests). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  reset(): void {
    this.orders.clear();
    this.byPayId.clear();
  }
}
