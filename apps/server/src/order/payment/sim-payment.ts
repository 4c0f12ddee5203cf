// The payment provider of the trial: the simulator's cashier (packages/wecom-sim, /pay/v1), over real
// HTTP. Our requests are signed with the merchant key (X-Pay-Timestamp, X-Pay-Nonce, X-Pay-Signature
// over method, path, timestamp, nonce and body); its notifications are signed the same way over
// timestamp, nonce and the raw body. The key never leaves this file: not in answers, not in log lines.
import { AppError } from '../../http/errors.js';
import { nonce, sign, signatureMatches } from './pay-signature.js';
import type { PaymentEvent, PaymentProvider, PaymentRequest, PaymentState, PaymentStateName } from './payment-provider.js';

const TIMEOUT_MS = 10_000;
const STATES: Record<string, PaymentStateName> = { NOTPAY: 'unpaid', SUCCESS: 'paid', CLOSED: 'closed', REFUND: 'refunded' };
const EVENTS: Record<string, PaymentEvent['kind']> = {
  'TRANSACTION.SUCCESS': 'paid',
  'TRANSACTION.FAIL': 'failed',
  'TRANSACTION.CLOSED': 'closed',
  'REFUND.SUCCESS': 'refunded',
};

export interface SimPaymentOptions {
  /** The simulator's base URL (SIM_URL). */
  baseUrl: string;
  /** PAY_SIM_KEY: the merchant key shared with the simulator. */
  key: string;
  /** Where the simulator posts notifications ($PUBLIC_URL/api/pay/notify/sim). */
  notifyUrl: string;
}

const unavailable = () => new AppError(503, '支付渠道暂不可用，请稍后重试');
const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name];
  return typeof v === 'string' ? v : undefined;
};

interface SimOrder {
  outTradeNo: string;
  state: string;
  amountFen: number;
  tradeNo: string | null;
  successTime: number | null;
}

export class SimPayment implements PaymentProvider {
  readonly name = 'sim';

  constructor(private readonly o: SimPaymentOptions) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: T & { code?: string; message?: string } }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const n = nonce();
    let res: Response;
    try {
      res = await fetch(`${this.o.baseUrl}${path}`, {
        method,
        headers: {
          ...(text ? { 'content-type': 'application/json' } : {}),
          'x-pay-timestamp': timestamp,
          'x-pay-nonce': n,
          'x-pay-signature': sign(this.o.key, [method, path, timestamp, n, text]),
        },
        body: text || undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable();
    }
    let json: any;
    try {
      json = await res.json();
    } catch {
      throw unavailable();
    }
    if (res.status >= 500 || res.status === 401) throw unavailable();
    return { status: res.status, json };
  }

  private stateOf(o: SimOrder): PaymentState {
    return { orderNo: o.outTradeNo, state: STATES[o.state] ?? 'unpaid', amountFen: Number(o.amountFen), tradeNo: o.tradeNo ?? null, paidAt: o.successTime ?? null };
  }

  async create(req: PaymentRequest): Promise<{ cashierUrl: string }> {
    const { status, json } = await this.call<{ cashierUrl: string }>('POST', '/pay/v1/orders', {
      outTradeNo: req.orderNo,
      amountFen: req.amountFen,
      description: req.description,
      notifyUrl: this.o.notifyUrl,
      returnUrl: req.returnUrl,
      timeExpire: req.expiresAt,
    });
    if (status !== 200 || typeof json.cashierUrl !== 'string') throw unavailable();
    return { cashierUrl: json.cashierUrl };
  }

  async query(orderNo: string): Promise<PaymentState | null> {
    const { status, json } = await this.call<SimOrder>('GET', `/pay/v1/orders/${encodeURIComponent(orderNo)}`);
    if (status === 404) return null;
    if (status !== 200) throw unavailable();
    return this.stateOf(json);
  }

  async close(orderNo: string): Promise<PaymentState | null> {
    const { status } = await this.call('POST', `/pay/v1/orders/${encodeURIComponent(orderNo)}/close`, {});
    if (status === 404) return null;
    // 409: paid (or refunded) already; the state says which.
    if (status !== 200 && status !== 409) throw unavailable();
    return this.query(orderNo);
  }

  async refund(orderNo: string, amountFen: number): Promise<void> {
    const { status, json } = await this.call('POST', `/pay/v1/orders/${encodeURIComponent(orderNo)}/refund`, { amountFen });
    if (status === 409 && json.code === 'REFUNDED') return;
    if (status !== 200) throw new AppError(409, `支付渠道拒绝退款：${json.message ?? json.code ?? status}`);
  }

  verify(headers: Record<string, string | string[] | undefined>, rawBody: string): PaymentEvent {
    const timestamp = header(headers, 'x-pay-timestamp') ?? '';
    const n = header(headers, 'x-pay-nonce') ?? '';
    const signature = header(headers, 'x-pay-signature') ?? '';
    if (!/^\d{1,12}$/.test(timestamp) || !/^[A-Za-z0-9_-]{8,64}$/.test(n) || !signatureMatches(this.o.key, [timestamp, n, rawBody], signature)) {
      throw new AppError(401, '支付通知签名错误');
    }
    let b: any;
    try {
      b = JSON.parse(rawBody);
    } catch {
      throw new AppError(400, '支付通知格式错误');
    }
    const kind = EVENTS[b?.event];
    const ok =
      kind &&
      typeof b.notifyId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(b.notifyId) &&
      typeof b.outTradeNo === 'string' && b.outTradeNo.length <= 32 &&
      Number.isSafeInteger(b.amountFen) && b.amountFen >= 0 &&
      (b.tradeNo === null || b.tradeNo === undefined || (typeof b.tradeNo === 'string' && b.tradeNo.length <= 64)) &&
      Number.isSafeInteger(b.at);
    if (!ok) throw new AppError(400, '支付通知格式错误');
    return { notifyId: b.notifyId, kind, orderNo: b.outTradeNo, tradeNo: b.tradeNo ?? null, amountFen: b.amountFen, at: b.at, signed: { signature, timestamp, nonce: n } };
  }
}
