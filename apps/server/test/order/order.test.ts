// Seat orders and their payment through the API and the simulator's cashier, on SQLite or PostgreSQL
// (TEST_DATABASE_URL): prices (default and a distributor's), Chinese 400s, tenancy, a view-only child,
// and the money path — duplicate, concurrent, delayed, out-of-order, forged, stale, replayed and
// mismatched notifications all credit exactly once or not at all — lapse with the test clock, cancel,
// renewals and the operators' refund. docs/seats.md, "Orders and payment".
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_PAY_DEFAULT_KEY } from '../../src/config.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, contactMembers, until, type ConnectedCorp } from '../helpers/corp.js';

const ADMIN = 'o'.repeat(40);
const DAY = 86_400_000;

let h: Harness;
let token: string;
let accountId: number;
let corp: ConnectedCorp;

const api = (path: string, body?: unknown, t = token) => h.api(path, body, t);
const db = () => h.server.database.kysely;
const seatsOf = async (orderId: number) => (await db().selectFrom('seat').select(['id', 'state']).where('source', '=', `order:${orderId}`).execute()).length;
const orderRow = (id: number) => db().selectFrom('seat_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const notices = (orderId: number) => db().selectFrom('payment_notice').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
const drill = (orderNo: string, action: string, body: Record<string, unknown> = {}) => h.simCall('POST', `/control/pay/orders/${orderNo}/${action}`, body);
const settled = () => h.server.services.jobs.idle();

async function buy(count = 2, termDays = 30, t = token) {
  const r = await api('/api/qw/order/get', { kind: 'buy', count, termDays }, t);
  expect(r.status, r.message).toBe(200);
  return r.data as { order: any; cashierUrl: string };
}

/** A notification signed as the simulator signs it (the shared key), posted to the server as-is. */
async function postNotice(body: Record<string, unknown>, o: { key?: string; timestamp?: number; nonce?: string } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = o.nonce ?? randomBytes(8).toString('hex');
  const signature = createHmac('sha256', o.key ?? SIM_PAY_DEFAULT_KEY).update(`${timestamp}\n${nonce}\n${raw}`).digest('hex');
  const res = await fetch(`${h.baseUrl}/api/pay/notify/sim`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-pay-timestamp': timestamp, 'x-pay-nonce': nonce, 'x-pay-signature': signature },
    body: raw,
  });
  return { status: res.status, json: (await res.json()) as any, replay: () => fetch(`${h.baseUrl}/api/pay/notify/sim`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-pay-timestamp': timestamp, 'x-pay-nonce': nonce, 'x-pay-signature': signature }, body: raw }) };
}

beforeAll(async () => {
  h = await startHarness({ ADMIN_TOKEN: ADMIN, TEST_CLOCK: 'on' });
  token = await h.register(uniquePhone());
  accountId = (await h.api('/api/account/info', {}, token)).data.id;
  corp = await connectCorp(h, token, { seed: 'order-a', size: { members: 4 } });
}, 180_000);
afterAll(() => h?.close());

describe('price and placing', () => {
  it('answers the default price, and a distributor\'s for an account that came through one', async () => {
    const p = await api('/api/distributor/account/buy/seat/price', {});
    expect(p.status, p.message).toBe(200);
    expect(p.data).toMatchObject({ yearPriceFen: 36500, distributor: null, payable: true });
    expect(p.data.terms.find((t: any) => t.days === 30).unitPriceFen).toBe(3000);

    const other = await h.register(uniquePhone());
    const otherId = (await h.api('/api/account/info', {}, other)).data.id;
    const now = Date.now();
    const dist = await db()
      .insertInto('distributor')
      .values({ phone: uniquePhone(), name: '华东渠道', seat_price_fen: 18250, promo_code: `P${now % 1e9}`, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('account').set({ distributor_id: dist.id }).where('id', '=', otherId).execute();
    const dp = await api('/api/distributor/account/buy/seat/price', {}, other);
    expect(dp.data).toMatchObject({ yearPriceFen: 18250, distributor: { name: '华东渠道' } });
    const placed = await buy(3, 365, other);
    expect(placed.order).toMatchObject({ unitPriceFen: 18250, amountFen: 54750, distributorPrice: true, state: 'pending', kind: 'buy', seatCount: 3 });
    expect((await orderRow(placed.order.id)).distributor_id).toBe(dist.id);
    // A disabled distributor no longer prices (nor is credited with) new orders.
    await db().updateTable('distributor').set({ disabled: 1 }).where('id', '=', dist.id).execute();
    expect((await api('/api/distributor/account/buy/seat/price', {}, other)).data.distributor).toBeNull();
  });

  it('places a buy order priced by the server, with a cashier showing the amount in yuan', async () => {
    const { order, cashierUrl } = await buy(2, 90);
    expect(order).toMatchObject({ kind: 'buy', seatCount: 2, termDays: 90, unitPriceFen: 9000, amountFen: 18000, distributorPrice: false, state: 'pending' });
    expect(order.orderNo).toMatch(/^SO\d{20}$/);
    expect(cashierUrl).toMatch(/\/pay\/cashier\/cs_/);
    const page = await fetch(cashierUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('¥180.00');
    expect(html).toContain('支付失败');
    // Reading it again (去支付) answers the same cashier.
    const again = await api('/api/qw/order/get', { id: order.id });
    expect(again.data.cashierUrl).toBe(cashierUrl);
  });

  it('refuses bad input in Chinese, with nothing written', async () => {
    const before = (await db().selectFrom('seat_order').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const cases: Array<[unknown, RegExp]> = [
      [{}, /购买席位|续费/],
      [{ kind: 'buy', count: 2 }, /期限/],
      [{ kind: 'buy', count: 2, termDays: 31 }, /期限/],
      [{ kind: 'buy', termDays: 30 }, /数量/],
      [{ kind: 'buy', count: 0, termDays: 30 }, /count/],
      [{ kind: 'buy', count: 1001, termDays: 30 }, /count/],
      [{ kind: 'renew', termDays: 30 }, /续费的席位/],
      [{ kind: 'renew', count: 1, termDays: 30, seatIds: [1] }, /不必填写数量/],
      [{ kind: 'buy', count: 1, termDays: 30, seatIds: [1] }, /不能指定席位/],
      [{ kind: 'gift', count: 1, termDays: 30 }, /kind/],
      [{ id: 2 ** 31 }, /id/],
    ];
    for (const [body, message] of cases) {
      const r = await api('/api/qw/order/get', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toMatch(message);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const own = (await api('/api/qw/order/get/list', { pageSize: 1 })).data.list[0];
    const mixed = await api('/api/qw/order/get', { id: own.id, kind: 'buy' });
    expect(mixed.status).toBe(400);
    expect(mixed.message).toContain('只需订单 id');
    for (const path of ['/api/qw/order/pay/success', '/api/qw/order/cancel']) {
      const r = await api(path, { id: 2 ** 31 });
      expect(r.status).toBe(400);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const list = await api('/api/qw/order/get/list', { page: 2 ** 31 });
    expect(list.status).toBe(400);
    const after = (await db().selectFrom('seat_order').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(Number(after)).toBe(Number(before));
  });

  it("hides another tenant's orders (404) and refuses a view-only child's changes (403)", async () => {
    const { order } = await buy(1, 30);
    const other = await h.register(uniquePhone());
    for (const [path, body] of [['/api/qw/order/get', { id: order.id }], ['/api/qw/order/pay/success', { id: order.id }], ['/api/qw/order/cancel', { id: order.id }]] as const) {
      const r = await api(path, body, other);
      expect(r.status, path).toBe(404);
      expect(r.message).toBe('订单不存在');
    }
    expect((await api('/api/qw/order/get/list', {}, other)).data.list.some((o: any) => o.id === order.id)).toBe(false);

    const role = await h.api('/api/account/child/permission/create', { name: `只读订单${Date.now() % 10000}`, permissionKeys: ['package'] }, token);
    const kid = await h.api('/api/account/child/create', { account: `orderro${Date.now() % 100000}`, password: 'secret123', roleId: role.data.id, allWorkSpaces: true, workSpaceIds: [] }, token);
    expect(kid.status, kid.message).toBe(200);
    const kidToken = (await h.api('/api/account/login', { phone: kid.data.account, password: 'secret123' })).data.token;
    const list = await api('/api/qw/order/get/list', {}, kidToken);
    expect(list.status).toBe(200);
    expect(list.data.list.some((o: any) => o.id === order.id)).toBe(true);
    expect((await api('/api/distributor/account/buy/seat/price', {}, kidToken)).status).toBe(200);
    expect((await api('/api/qw/order/get', { kind: 'buy', count: 1, termDays: 30 }, kidToken)).status).toBe(403);
    expect((await api('/api/qw/order/cancel', { id: order.id }, kidToken)).status).toBe(403);
    expect((await api('/api/qw/order/pay/success', { id: order.id }, kidToken)).status).toBe(403);
  });
});

describe('the money path', () => {
  it('credits a payment once, however often its notification is delivered', async () => {
    const { order } = await buy(2, 30);
    const paid = await drill(order.orderNo, 'pay');
    expect(paid.status).toBe(200);
    expect(paid.body.deliveries[0].at(-1).status).toBe(200);
    expect((await orderRow(order.id)).state).toBe('paid');
    expect(await seatsOf(order.id)).toBe(2);
    // The same notification three more times at once, then a fresh notification of the same payment.
    const dup = await drill(order.orderNo, 'notify', { times: 3 });
    expect(dup.body.deliveries.slice(-3).map((d: any[]) => d.at(-1).status)).toEqual([200, 200, 200]);
    await drill(order.orderNo, 'notify', { fresh: true });
    expect(await seatsOf(order.id)).toBe(2);
    const n = await notices(order.id);
    expect(n.map((x) => x.outcome)).toEqual(['credited', 'duplicate']);
    // The browser coming back changes nothing more.
    const back = await api('/api/qw/order/pay/success', { id: order.id });
    expect(back.data.order.state).toBe('paid');
    expect(back.data.cashierUrl).toBeNull();
    expect(await seatsOf(order.id)).toBe(2);
    // Paying again at the cashier is refused by the provider.
    expect((await drill(order.orderNo, 'pay')).status).toBe(409);
  });

  it('credits once when ten deliveries race the browser\'s pay/success', async () => {
    for (let round = 0; round < 3; round++) {
      const { order } = await buy(3, 30);
      const race = drill(order.orderNo, 'pay', { times: 10 });
      const backs = await Promise.all(Array.from({ length: 5 }, () => api('/api/qw/order/pay/success', { id: order.id })));
      const done = await race;
      expect(done.status).toBe(200);
      expect(done.body.deliveries.every((d: any[]) => d.at(-1).status === 200)).toBe(true);
      expect(backs.every((b) => b.status === 200)).toBe(true);
      expect(await seatsOf(order.id)).toBe(3);
      expect((await orderRow(order.id)).state).toBe('paid');
    }
  });

  it('credits a delayed notification\'s payment through pay/success, and the late notification then changes nothing', async () => {
    const { order } = await buy(1, 30);
    const late = drill(order.orderNo, 'pay', { delayMs: 800 });
    await until('the provider marks it paid', async () => (await h.simCall('GET', `/control/pay/orders/${order.orderNo}`)).body.state === 'SUCCESS');
    expect((await orderRow(order.id)).state).toBe('pending');
    const back = await api('/api/qw/order/pay/success', { id: order.id });
    expect(back.data.order.state).toBe('paid');
    expect(await seatsOf(order.id)).toBe(1);
    expect((await late).body.deliveries[0].at(-1).status).toBe(200);
    expect(await seatsOf(order.id)).toBe(1);
    expect((await notices(order.id)).map((x) => x.outcome)).toEqual(['duplicate']);
  });

  it('ignores failure and close notices that arrive after the payment', async () => {
    const { order } = await buy(1, 30);
    // 支付失败 first (delivered late), then 支付.
    const fail = drill(order.orderNo, 'fail', { delayMs: 600 });
    await drill(order.orderNo, 'pay');
    await fail;
    const row = await orderRow(order.id);
    expect(row.state).toBe('paid');
    const closed = await postNotice({ notifyId: `late-close-${order.id}`, event: 'TRANSACTION.CLOSED', outTradeNo: order.orderNo, tradeNo: null, amountFen: order.amountFen, at: Date.now() });
    expect(closed.status).toBe(200);
    expect(closed.json.data.outcome).toBe('ignored');
    expect((await orderRow(order.id)).state).toBe('paid');
    expect(await seatsOf(order.id)).toBe(1);
    expect((await notices(order.id)).map((x) => x.outcome).sort()).toEqual(['credited', 'ignored', 'ignored']);
  });

  it('keeps a failed payment payable', async () => {
    const { order } = await buy(1, 30);
    const failed = await drill(order.orderNo, 'fail');
    expect(failed.body.deliveries[0].at(-1).status).toBe(200);
    expect((await orderRow(order.id)).state).toBe('pending');
    expect((await api('/api/qw/order/pay/success', { id: order.id })).data.order.state).toBe('pending');
    await drill(order.orderNo, 'pay');
    expect((await orderRow(order.id)).state).toBe('paid');
  });

  it('refuses forged, stale, replayed and mismatched notifications, and credits nothing for them', async () => {
    const { order } = await buy(2, 30);
    const forged = await drill(order.orderNo, 'pay', { badSignature: true, noRetry: true });
    expect(forged.body.deliveries[0].at(-1).status).toBe(401);
    expect((await orderRow(order.id)).state).toBe('pending');
    expect(await notices(order.id)).toEqual([]);

    const stale = await drill(order.orderNo, 'notify', { ageSeconds: 600, noRetry: true });
    expect(stale.body.deliveries.at(-1).at(-1).status).toBe(403);
    const tampered = await drill(order.orderNo, 'notify', { amountFen: 1, noRetry: true, fresh: true });
    expect(tampered.body.deliveries.at(-1).at(-1).status).toBe(400);
    expect((await orderRow(order.id)).state).toBe('pending');
    expect((await notices(order.id)).map((x) => x.outcome)).toEqual(['rejected']);

    // Someone without the key, and a copy of a genuine request replayed.
    const guessed = await postNotice({ notifyId: 'guess-1', event: 'TRANSACTION.SUCCESS', outTradeNo: order.orderNo, tradeNo: 'X', amountFen: order.amountFen, at: Date.now() }, { key: 'not-the-key-00000000000000000000000' });
    expect(guessed.status).toBe(401);
    expect(guessed.json.message).toBe('支付通知签名错误');
    const junk = await fetch(`${h.baseUrl}/api/pay/notify/sim`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"event":"TRANSACTION.SUCCESS"}' });
    expect(junk.status).toBe(401);
    const genuine = await postNotice({ notifyId: `close-${order.id}`, event: 'TRANSACTION.FAIL', outTradeNo: order.orderNo, tradeNo: null, amountFen: order.amountFen, at: Date.now() });
    expect(genuine.status).toBe(200);
    const replayed = await genuine.replay();
    expect(replayed.status).toBe(403);
    expect(await seatsOf(order.id)).toBe(0);

    // The genuine payment still goes through.
    const ok = await drill(order.orderNo, 'notify', { fresh: true });
    expect(ok.status).toBe(200);
    expect((await h.simCall('GET', `/control/pay/orders/${order.orderNo}`)).body.state).toBe('SUCCESS');
    expect((await orderRow(order.id)).state).toBe('paid');
    expect(await seatsOf(order.id)).toBe(2);
  });

  it('answers a notice for an order it does not know with 404', async () => {
    const r = await postNotice({ notifyId: 'nobody-1', event: 'TRANSACTION.SUCCESS', outTradeNo: 'SO00000000000000000000', tradeNo: 'X', amountFen: 100, at: Date.now() });
    expect(r.status).toBe(404);
  });
});

describe('cancel and lapse', () => {
  it('cancels an unpaid order at the provider too; a paid one cannot be cancelled', async () => {
    const { order } = await buy(1, 30);
    const c = await api('/api/qw/order/cancel', { id: order.id });
    expect(c.status, c.message).toBe(200);
    expect(c.data.order.state).toBe('cancelled');
    expect((await drill(order.orderNo, 'pay')).status).toBe(409);
    expect((await api('/api/qw/order/cancel', { id: order.id })).status).toBe(409);

    const { order: paid } = await buy(1, 30);
    await drill(paid.orderNo, 'pay');
    const refused = await api('/api/qw/order/cancel', { id: paid.id });
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('已支付');
  });

  it('lets the buyer cancel at the cashier (a close notice)', async () => {
    const { order } = await buy(1, 30);
    const r = await drill(order.orderNo, 'cancel');
    expect(r.body.deliveries[0].at(-1).status).toBe(200);
    expect((await orderRow(order.id)).state).toBe('cancelled');
  });

  it('lapses unpaid orders after ORDER_TTL_MINUTES (business clock), and honours a payment the provider took anyway', async () => {
    const { order } = await buy(2, 30);
    const r = await h.api('/api/test/clock', { advanceMs: 31 * 60_000 });
    expect(r.status).toBe(200);
    await settled();
    expect((await orderRow(order.id)).state).toBe('cancelled');
    expect((await h.simCall('GET', `/control/pay/orders/${order.orderNo}`)).body.state).toBe('CLOSED');
    const list = await api('/api/qw/order/get/list', { state: 'cancelled' });
    expect(list.data.list.some((o: any) => o.id === order.id)).toBe(true);
    // The provider took the money all the same (a race at its end): the customer gets the seats.
    const forced = await drill(order.orderNo, 'pay', { force: true });
    expect(forced.body.deliveries[0].at(-1).status).toBe(200);
    expect((await orderRow(order.id)).state).toBe('paid');
    expect(await seatsOf(order.id)).toBe(2);
    await h.api('/api/test/clock', { reset: true });
  });
});

describe('renewals and refunds', () => {
  it('renews named seats by their term once paid; another account\'s seats are not found', async () => {
    const seats = (await api('/api/seat/list', { pageSize: 2, state: 'free' })).data.list as Array<{ id: number; expiresAt: number }>;
    expect(seats).toHaveLength(2);
    const placed = await api('/api/qw/order/get', { kind: 'renew', seatIds: seats.map((s) => s.id), termDays: 90 });
    expect(placed.status, placed.message).toBe(200);
    expect(placed.data.order).toMatchObject({ kind: 'renew', seatCount: 2, amountFen: 18000, seatIds: seats.map((s) => s.id) });
    await drill(placed.data.order.orderNo, 'pay', { times: 2 });
    const after = await db().selectFrom('seat').select(['id', 'expires_at']).where('id', 'in', seats.map((s) => s.id)).execute();
    for (const s of seats) expect(after.find((a) => a.id === s.id)!.expires_at).toBe(s.expiresAt + 90 * DAY);

    const other = await h.register(uniquePhone());
    const r = await api('/api/qw/order/get', { kind: 'renew', seatIds: [seats[0]!.id], termDays: 30 }, other);
    expect(r.status).toBe(404);
    expect(r.message).toBe('席位不存在');
  });

  it('refunds a paid order for operators: free seats taken back, bound ones kept to their term', async () => {
    const { order } = await buy(3, 30);
    await drill(order.orderNo, 'pay');
    const [first] = await db().selectFrom('seat').select('id').where('source', '=', `order:${order.id}`).execute();
    const members = await contactMembers(h, corp.corpId);
    // Clear the member's seats so this order's seat is the one bound.
    const bind = await h.api('/api/seat/bind/member', { userid: members[0]!.userid, id: first!.id }, token, corp.headers);
    expect(bind.status, bind.message).toBe(200);

    const refund = (headers: Record<string, string>, orderId = order.id) => h.api('/api/admin/qw/order/refund', { orderId }, undefined, headers);
    expect((await refund({})).status).toBe(401);
    expect((await refund({ 'x-admin-token': 'x'.repeat(40) })).status).toBe(401);
    expect((await refund({ 'x-admin-token': ADMIN }, 2 ** 31 - 1)).status).toBe(404);
    const done = await refund({ 'x-admin-token': ADMIN });
    expect(done.status, done.message).toBe(200);
    expect(done.data).toMatchObject({ order: { state: 'refunded' }, takenBack: 2, keptBound: 1 });
    expect(await seatsOf(order.id)).toBe(1);
    expect((await h.simCall('GET', `/control/pay/orders/${order.orderNo}`)).body.state).toBe('REFUND');
    const again = await refund({ 'x-admin-token': ADMIN });
    expect(again.status).toBe(409);
    expect(again.message).toBe('订单已退款');
    // The provider's refund notice arrives too: nothing more happens; a late paid notice does not credit it again.
    // (It may also have come first and taken the seats back itself: then it is the one 'refunded'.)
    await until('the refund notice', async () => (await notices(order.id)).filter((n) => n.outcome === 'ignored' || n.outcome === 'refunded').length === 1);
    await drill(order.orderNo, 'notify', { fresh: true });
    expect((await orderRow(order.id)).state).toBe('refunded');
    expect(await seatsOf(order.id)).toBe(1);

    const pending = (await buy(1, 30)).order;
    expect((await refund({ 'x-admin-token': ADMIN }, pending.id)).status).toBe(409);
  });

  it('takes a refunded renewal\'s days back', async () => {
    const [seat] = (await api('/api/seat/list', { pageSize: 1, state: 'free' })).data.list as Array<{ id: number; expiresAt: number }>;
    const placed = await api('/api/qw/order/get', { kind: 'renew', seatIds: [seat!.id], termDays: 30 });
    await drill(placed.data.order.orderNo, 'pay');
    const refunded = await h.api('/api/admin/qw/order/refund', { orderId: placed.data.order.id }, undefined, { 'x-admin-token': ADMIN });
    expect(refunded.data).toMatchObject({ takenBack: 1, keptBound: 0 });
    const row = await db().selectFrom('seat').select('expires_at').where('id', '=', seat!.id).executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(seat!.expiresAt);
  });

  it('reports what a refund took back when the provider\'s notice took it first', async () => {
    const seats = (await api('/api/seat/list', { pageSize: 2, state: 'free' })).data.list as Array<{ id: number; expiresAt: number }>;
    const placed = await api('/api/qw/order/get', { kind: 'renew', seatIds: seats.map((s) => s.id), termDays: 30 });
    await drill(placed.data.order.orderNo, 'pay');
    // The provider answers our refund call only once its REFUND notice was delivered (and applied here).
    await h.simCall('POST', '/control/pay/config', { refundNoticeFirst: true });
    try {
      const refunded = await h.api('/api/admin/qw/order/refund', { orderId: placed.data.order.id }, undefined, { 'x-admin-token': ADMIN });
      expect(refunded.status, refunded.message).toBe(200);
      expect(refunded.data).toMatchObject({ order: { state: 'refunded' }, takenBack: 2, keptBound: 0 });
    } finally {
      await h.simCall('POST', '/control/pay/config', { refundNoticeFirst: false });
    }
    expect((await notices(placed.data.order.id)).map((n) => n.outcome)).toEqual(['credited', 'refunded']);
    const rows = await db().selectFrom('seat').select(['id', 'expires_at']).where('id', 'in', seats.map((s) => s.id)).execute();
    for (const s of seats) expect(rows.find((r) => r.id === s.id)!.expires_at).toBe(s.expiresAt);
  });

  it('pages the account\'s orders, newest first, filtered by state', async () => {
    const all = await api('/api/qw/order/get/list', { pageSize: 5 });
    expect(all.status).toBe(200);
    expect(all.data.list).toHaveLength(5);
    expect(all.data.total).toBeGreaterThan(10);
    const ids = all.data.list.map((o: any) => o.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
    const paid = await api('/api/qw/order/get/list', { state: 'paid', pageSize: 100 });
    expect(paid.data.list.every((o: any) => o.state === 'paid')).toBe(true);
    expect(accountId).toBeGreaterThan(0);
  });
});
