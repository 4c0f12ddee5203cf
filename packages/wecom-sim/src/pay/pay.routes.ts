// The simulated payment provider over HTTP:
//   /pay/v1/orders…          the merchant API (signed requests): create, query, close, refund
//   /pay/cashier/:payId      the cashier the buyer's browser is sent to (支付 / 支付失败 / 取消), open like a real one
//   /control/pay/…           drills for tests (control token): pay, fail, cancel, redeliver, delay, tamper
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cashierPage, cashierNotFoundPage } from '../page/cashier.page.js';
import { verifySigned, type DeliveryOptions, type PayOrder, type PayStore } from './pay.store.js';

const WINDOW_S = 300;
const err = (reply: FastifyReply, status: number, code: string, message: string) => reply.status(status).send({ code, message });
const stateOf = (o: PayOrder) => ({ outTradeNo: o.outTradeNo, payId: o.payId, state: o.state, amountFen: o.amountFen, tradeNo: o.tradeNo, successTime: o.successTime });
const baseOf = (req: FastifyRequest, publicUrl?: string) => publicUrl ?? `${req.protocol}://${req.headers.host}`;

/** The merchant's request signature: METHOD, path, timestamp, nonce, body. */
function signedOk(store: PayStore, req: FastifyRequest, raw: string): boolean {
  const h = (n: string) => (typeof req.headers[n] === 'string' ? (req.headers[n] as string) : '');
  const ts = h('x-pay-timestamp');
  if (!/^\d{1,12}$/.test(ts) || Math.abs(Date.now() / 1000 - Number(ts)) > WINDOW_S) return false;
  const path = req.url.split('?')[0]!;
  return verifySigned(store.key, [req.method, path, ts, h('x-pay-nonce'), raw], h('x-pay-signature'));
}

function parse(raw: string): Record<string, unknown> {
  try {
    const v = raw ? JSON.parse(raw) : {};
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

export async function payRoutes(app: FastifyInstance, opts: { store: PayStore; publicUrl?: string }) {
  const { store } = opts;

  // ---- the merchant API
  await app.register(async (api) => {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    api.addHook('preHandler', async (req, reply) => {
      if (!signedOk(store, req, typeof req.body === 'string' ? req.body : '')) return err(reply, 401, 'SIGN_ERROR', '签名错误');
    });
    const find = (req: FastifyRequest, reply: FastifyReply) => {
      const o = store.orders.get((req.params as { no: string }).no);
      if (!o) void err(reply, 404, 'ORDER_NOT_EXIST', '订单不存在');
      return o;
    };

    api.post('/pay/v1/orders', async (req, reply) => {
      const b = parse(req.body as string);
      const ok =
        typeof b.outTradeNo === 'string' && /^[A-Za-z0-9_-]{6,32}$/.test(b.outTradeNo) &&
        Number.isSafeInteger(b.amountFen) && (b.amountFen as number) > 0 &&
        typeof b.notifyUrl === 'string' && URL.canParse(b.notifyUrl) &&
        typeof b.returnUrl === 'string' && URL.canParse(b.returnUrl) &&
        Number.isSafeInteger(b.timeExpire);
      if (!ok) return err(reply, 400, 'PARAM_ERROR', '参数错误');
      const o = store.create({
        outTradeNo: b.outTradeNo as string,
        amountFen: b.amountFen as number,
        description: typeof b.description === 'string' ? b.description.slice(0, 128) : '',
        notifyUrl: b.notifyUrl as string,
        returnUrl: b.returnUrl as string,
        timeExpire: b.timeExpire as number,
      });
      if (o === 'AMOUNT_MISMATCH') return err(reply, 400, 'PARAM_ERROR', '同一商户订单号的金额不一致');
      return { ...stateOf(o), cashierUrl: `${baseOf(req, opts.publicUrl)}/pay/cashier/${o.payId}` };
    });
    api.get('/pay/v1/orders/:no', async (req, reply) => {
      const o = find(req, reply);
      return o ? stateOf(o) : reply;
    });
    api.post('/pay/v1/orders/:no/close', async (req, reply) => {
      const o = find(req, reply);
      if (!o) return reply;
      if (store.close(o) === 'ORDERPAID') return err(reply, 409, 'ORDERPAID', '订单已支付');
      return stateOf(o);
    });
    api.post('/pay/v1/orders/:no/refund', async (req, reply) => {
      const o = find(req, reply);
      if (!o) return reply;
      const b = parse(req.body as string);
      if (b.amountFen !== o.amountFen) return err(reply, 400, 'PARAM_ERROR', '退款金额须为订单金额');
      const r = store.refund(o);
      if (r === 'REFUNDED') return err(reply, 409, 'REFUNDED', '订单已退款');
      if (r === 'NOTPAID') return err(reply, 409, 'NOTPAID', '订单未支付');
      const delivered = store.deliver(o, store.notice(o, 'REFUND.SUCCESS'));
      if (store.refundNoticeFirst) await delivered;
      return stateOf(o);
    });
  });

  // ---- the cashier (the buyer's browser)
  app.get<{ Params: { payId: string } }>('/pay/cashier/:payId', async (req, reply) => {
    const o = store.byPay(req.params.payId);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return o ? cashierPage(o) : reply.status(404).send(cashierNotFoundPage());
  });
  app.post<{ Params: { payId: string; action: string } }>('/pay/cashier/:payId/:action', async (req, reply) => {
    const o = store.byPay(req.params.payId);
    if (!o) return err(reply, 404, 'ORDER_NOT_EXIST', '订单不存在');
    return act(o, req.params.action, {}, reply, false);
  });

  // ---- drills (control token, /control/*)
  app.get('/control/pay/orders', async () => ({ list: [...store.orders.values()].map((o) => ({ ...stateOf(o), notices: o.notices })) }));
  app.get<{ Params: { no: string } }>('/control/pay/orders/:no', async (req, reply) => {
    const o = store.orders.get(req.params.no);
    return o ? { ...stateOf(o), timeExpire: o.timeExpire, notices: o.notices } : err(reply, 404, 'ORDER_NOT_EXIST', '订单不存在');
  });
  app.post<{ Body: { notifyUrl?: unknown; retryDelaysMs?: unknown; refundNoticeFirst?: unknown } }>('/control/pay/config', async (req, reply) => {
    const b = req.body ?? {};
    if (b.notifyUrl !== undefined) {
      if (typeof b.notifyUrl !== 'string' || (b.notifyUrl && !URL.canParse(b.notifyUrl))) return err(reply, 400, 'PARAM_ERROR', 'notifyUrl 不是合法的地址');
      store.notifyUrlOverride = b.notifyUrl;
    }
    if (b.retryDelaysMs !== undefined) {
      const d = b.retryDelaysMs;
      if (!Array.isArray(d) || d.length > 20 || !d.every((x) => Number.isInteger(x) && x >= 0 && x <= 600_000)) return err(reply, 400, 'PARAM_ERROR', 'retryDelaysMs 须为 0-600000 毫秒的数组（至多 20 个）');
      store.retryDelaysMs = d as number[];
    }
    if (b.refundNoticeFirst !== undefined) {
      if (typeof b.refundNoticeFirst !== 'boolean') return err(reply, 400, 'PARAM_ERROR', 'refundNoticeFirst 须为 true 或 false');
      store.refundNoticeFirst = b.refundNoticeFirst;
    }
    return { errcode: 0, errmsg: 'ok', notifyUrl: store.notifyUrlOverride, retryDelaysMs: store.retryDelaysMs, refundNoticeFirst: store.refundNoticeFirst };
  });
  app.post<{ Params: { no: string; action: string }; Body: DeliveryOptions & { force?: boolean; wait?: boolean; fresh?: boolean } }>('/control/pay/orders/:no/:action', async (req, reply) => {
    const o = store.orders.get(req.params.no);
    if (!o) return err(reply, 404, 'ORDER_NOT_EXIST', '订单不存在');
    const b = req.body ?? {};
    const delivery: DeliveryOptions = {
      times: typeof b.times === 'number' ? b.times : undefined,
      delayMs: typeof b.delayMs === 'number' ? b.delayMs : undefined,
      amountFen: typeof b.amountFen === 'number' ? b.amountFen : undefined,
      ageSeconds: typeof b.ageSeconds === 'number' ? b.ageSeconds : undefined,
      badSignature: b.badSignature === true,
      noRetry: b.noRetry === true,
    };
    if (req.params.action === 'notify') {
      // The last notification again (same notify id), or a fresh one of the same event.
      const last = o.notices.at(-1);
      if (!last) return err(reply, 409, 'NO_NOTICE', '该订单还没有通知');
      const n = b.fresh ? store.notice(o, last.event) : last;
      const done = store.deliver(o, n, delivery);
      if (b.wait !== false) await done;
      return { ...stateOf(o), notifyId: n.notifyId, deliveries: n.deliveries };
    }
    return act(o, req.params.action, { ...delivery, force: b.force === true, wait: b.wait !== false }, reply, true);
  });

  async function act(o: PayOrder, action: string, d: DeliveryOptions & { force?: boolean; wait?: boolean }, reply: FastifyReply, drill: boolean) {
    let n;
    if (action === 'pay') {
      const r = store.pay(o, d.force);
      if (r === 'ORDERPAID') return err(reply, 409, r, '订单已支付，请勿重复支付');
      if (r === 'ORDERCLOSED') return err(reply, 409, r, '订单已关闭，无法支付');
      if (r === 'EXPIRED') return err(reply, 409, r, '订单已超过支付期限');
      n = store.notice(o, 'TRANSACTION.SUCCESS');
    } else if (action === 'fail') {
      if (o.state !== 'NOTPAY') return err(reply, 409, 'ORDERPAID', '订单不是待支付状态');
      n = store.notice(o, 'TRANSACTION.FAIL');
    } else if (action === 'cancel') {
      if (store.close(o) === 'ORDERPAID') return err(reply, 409, 'ORDERPAID', '订单已支付，无法取消');
      n = store.notice(o, 'TRANSACTION.CLOSED');
    } else {
      return err(reply, 404, 'NOT_FOUND', '未知操作');
    }
    const done = store.deliver(o, n, d);
    if (drill && d.wait) await done;
    return { ...stateOf(o), notifyId: n.notifyId, returnUrl: o.returnUrl, ...(drill ? { deliveries: n.deliveries } : {}) };
  }
}
