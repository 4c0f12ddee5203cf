// 分销商门户 (docs/distributors.md), on SQLite and TEST_DATABASE_URL: the portal's SMS login and its own
// session kind, the debug login only when configured, attribution through the promotion link's scan once,
// another distributor's customers 404, 设置席位 credits seats the customer sees, records, Chinese 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { ADMIN_TOKEN, createDistributor, loginDistributor, newDistributor, registerThroughPromo, type TestDistributor } from '../helpers/distributor.js';

const DEBUG = 'debug-login-code-for-the-distributor-tests-0123456789';
let h: Harness;
let d1: TestDistributor;
let d2: TestDistributor;
beforeAll(async () => {
  h = await startHarness({ ADMIN_TOKEN, DEBUG_LOGIN_CODE: DEBUG });
  d1 = await newDistributor(h, { name: '一号分销', seatPriceFen: 30_000 });
  d2 = await newDistributor(h, { name: '二号分销' });
}, 60_000);
afterAll(() => h?.close());

const portal = <T = any>(path: string, body: unknown, token: string) => h.api<T>(`/api/distributor/account${path}`, body, token);
/** The 60 s cooldown between two codes to one phone, passed (a test sends two in a row). */
const coolDown = (phone: string) => h.server.database.kysely.updateTable('sms_code').set({ created_at: Date.now() - 61_000 }).where('phone', '=', phone).execute();
const accountRow = (id: number) => h.server.database.kysely.selectFrom('account').select(['distributor_id']).where('id', '=', id).executeTakeFirstOrThrow();

describe('login', () => {
  it('logs in by SMS code into a session of its own kind', async () => {
    const info = await portal('/info', {}, d1.token);
    expect(info.status).toBe(200);
    expect(info.data).toMatchObject({ id: d1.id, name: '一号分销', seatPriceFen: 30_000, promoCode: d1.promoCode, customerCount: 0 });
    expect(info.data.phone).toBe(`${d1.phone.slice(0, 3)}****${d1.phone.slice(-4)}`);
    expect(info.data.promoUrl).toMatch(new RegExp(`/\\?cps=${d1.promoCode}$`));

    // A distributor's token is no account's, and an account's token no distributor's.
    expect(await h.api('/api/account/info', {}, d1.token)).toMatchObject({ status: 401, message: '登录已失效，请重新登录' });
    expect(await h.api('/api/seat/info', {}, d1.token)).toMatchObject({ status: 401 });
    const account = await h.register(uniquePhone());
    expect(await portal('/info', {}, account)).toMatchObject({ status: 401, message: '登录已失效，请重新登录' });
    expect(await portal('/get/phone', {}, account)).toMatchObject({ status: 401 });
    expect(await portal('/info', {}, '')).toMatchObject({ status: 401 });
  });

  it('refuses wrong codes, codes sent for the console, unknown phones and bad phones in Chinese', async () => {
    const d = await createDistributor(h);
    expect(await h.api('/api/distributor/account/code/send', { phone: uniquePhone() })).toMatchObject({ status: 400, message: '该手机号不是分销商账号' });
    expect(await h.api('/api/distributor/account/code/send', { phone: '123' })).toMatchObject({ status: 400, message: '手机号格式错误' });
    expect(await h.api('/api/distributor/account/login', { phone: d.phone, code: '' })).toMatchObject({ status: 400, message: '验证码不能为空' });
    expect(await h.api('/api/distributor/account/login', { phone: '', code: '1' })).toMatchObject({ status: 400, message: '手机号不能为空' });
    // A code sent through the console's login (same phone) does not open the portal.
    const consoleCode = await h.sendCode(d.phone);
    expect(await h.api('/api/distributor/account/login', { phone: d.phone, code: consoleCode })).toMatchObject({ status: 400, message: '验证码错误或已过期' });
    await coolDown(d.phone);
    const token = await loginDistributor(h, d.phone);
    expect((await portal('/info', {}, token)).data.id).toBe(d.id);
    // Used up: the same code a second time is refused.
    const code = await h.smsCode(d.phone);
    expect(await h.api('/api/distributor/account/login', { phone: d.phone, code })).toMatchObject({ status: 400, message: '验证码错误或已过期' });
    // Logout ends the session.
    expect((await portal('/logout', {}, token)).status).toBe(200);
    expect(await portal('/info', {}, token)).toMatchObject({ status: 401 });
  });

  it('debug login: with DEBUG_LOGIN_CODE only, the right code only', async () => {
    const r = await h.api('/api/distributor/account/login/debug', { id: d1.id, code: DEBUG });
    expect(r.status).toBe(200);
    expect((await portal('/info', {}, r.data.token)).data.id).toBe(d1.id);
    expect(await h.api('/api/distributor/account/login/debug', { id: d1.id, code: 'wrong' })).toMatchObject({ status: 403, message: '调试登录码错误' });
    expect(await h.api('/api/distributor/account/login/debug', { id: 2147483000, code: DEBUG })).toMatchObject({ status: 400, message: '分销商不存在' });
    expect(await h.api('/api/distributor/account/login/debug', { id: 2147483648, code: DEBUG })).toMatchObject({ status: 400, message: '参数错误：id 不能大于2147483647' });

    const plain = await startHarness({ ADMIN_TOKEN });
    try {
      const d = await createDistributor(plain);
      expect(await plain.api('/api/distributor/account/login/debug', { id: d.id, code: DEBUG })).toMatchObject({ status: 404 });
    } finally {
      await plain.close();
    }
  });

  it('a disabled distributor cannot log in and its sessions end', async () => {
    const d = await newDistributor(h);
    const off = await h.api('/api/admin/distributor/update', { id: d.id, disabled: true }, undefined, { 'x-admin-token': ADMIN_TOKEN });
    expect(off).toMatchObject({ status: 200, data: { disabled: true } });
    expect(await portal('/info', {}, d.token)).toMatchObject({ status: 401 });
    expect(await h.api('/api/distributor/account/code/send', { phone: d.phone })).toMatchObject({ status: 403, message: '分销商账号已停用' });
  });
});

describe('operators', () => {
  it('creates distributors behind ADMIN_TOKEN only', async () => {
    const body = { phone: uniquePhone(), name: '运维建的', seatPriceFen: 100 };
    expect(await h.api('/api/admin/distributor/create', body)).toMatchObject({ status: 401, message: '管理员凭证错误' });
    expect(await h.api('/api/admin/distributor/create', body, undefined, { 'x-admin-token': 'x'.repeat(40) })).toMatchObject({ status: 401 });
    const ok = await h.api('/api/admin/distributor/create', { ...body, promoCode: 'Promo2024' }, undefined, { 'x-admin-token': ADMIN_TOKEN });
    expect(ok).toMatchObject({ status: 200, data: { name: '运维建的', seatPriceFen: 100, promoCode: 'Promo2024', disabled: false } });
    const again = await h.api('/api/admin/distributor/create', { ...body, phone: uniquePhone(), promoCode: 'Promo2024' }, undefined, { 'x-admin-token': ADMIN_TOKEN });
    expect(again).toMatchObject({ status: 409, message: '该手机号或推广码已被其他分销商使用' });
    expect(await h.api('/api/admin/distributor/create', { ...body, phone: uniquePhone(), promoCode: '推广' }, undefined, { 'x-admin-token': ADMIN_TOKEN })).toMatchObject({ status: 400, message: '推广码为 4-32 位字母或数字' });
    expect(await h.api('/api/admin/distributor/update', { id: 2147483000, name: 'x' }, undefined, { 'x-admin-token': ADMIN_TOKEN })).toMatchObject({ status: 404, message: '分销商不存在' });
  });
});

describe('attribution and the portal', () => {
  let customer: Awaited<ReturnType<typeof registerThroughPromo>>;
  beforeAll(async () => {
    customer = await registerThroughPromo(h, d1.promoCode);
  }, 30_000);

  it('a main account registered through the promotion QR is the distributor\'s, once', async () => {
    expect((await accountRow(customer.accountId)).distributor_id).toBe(d1.id);
    const list = await portal('/get/phone', {}, d1.token);
    expect(list.status).toBe(200);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ accountId: customer.accountId, phone: `${customer.phone.slice(0, 3)}****${customer.phone.slice(-4)}`, seats: { bought: 5, used: 0 } });
    expect((await portal('/info', {}, d1.token)).data.customerCount).toBe(1);
    expect((await portal('/get/phone', {}, d2.token)).data).toEqual({ list: [], total: 0 });

    // The same WeChat user logs in again through d2's link: still d1's.
    const qr = await h.api('/api/account/login/gzh/code', {});
    await h.api('/api/cps/scan/callback', { code: qr.data.code, cps: d2.promoCode });
    await h.simCall('POST', '/control/gzh/scan', { sceneStr: qr.data.code, openid: customer.openid });
    const login = await h.api('/api/cps/scan/callback', { code: qr.data.code, cps: d2.promoCode });
    expect(login.status).toBe(200);
    expect(login.data.token).toBeTruthy();
    expect((await accountRow(customer.accountId)).distributor_id).toBe(d1.id);
  });

  it('a scene polled first with one code stays with it; unknown codes and scenes change nothing', async () => {
    // First poll ties the scene to d2; a later poll with d1's code does not take it over.
    const qr = await h.api('/api/account/login/gzh/code', {});
    await h.api('/api/cps/scan/callback', { code: qr.data.code, cps: d2.promoCode });
    await h.api('/api/cps/scan/callback', { code: qr.data.code, cps: d1.promoCode });
    await h.simCall('POST', '/control/gzh/scan', { sceneStr: qr.data.code });
    const phone = uniquePhone();
    const created = await h.api('/api/account/create/scan', { phone, code: await h.sendCode(phone), wxCode: qr.data.code });
    const id = (await h.api('/api/account/info', {}, created.data.token)).data.id;
    expect((await accountRow(id)).distributor_id).toBe(d2.id);

    // Unknown promotion code: the poll answers as the plain login poll, the account is nobody's.
    const stray = await registerThroughPromo(h, 'NoSuchCode99');
    expect((await accountRow(stray.accountId)).distributor_id).toBeNull();
    // A forged scene: refused as the login poll refuses it, nothing tied.
    expect(await h.api('/api/cps/scan/callback', { code: 'l_forged', cps: d1.promoCode })).toMatchObject({ status: 400, message: '二维码无效' });
    expect(await h.server.database.kysely.selectFrom('distributor_scene').selectAll().where('scene_code', '=', 'l_forged').execute()).toEqual([]);
    expect(await h.api('/api/cps/scan/callback', { code: 'x', cps: 'y'.repeat(65) })).toMatchObject({ status: 400 });

    // An existing phone account that binds its WeChat through a promotion link is not taken over.
    const existingPhone = uniquePhone();
    const existing = await h.register(existingPhone);
    const existingId = (await h.api('/api/account/info', {}, existing)).data.id;
    await coolDown(existingPhone);
    const qr2 = await h.api('/api/account/login/gzh/code', {});
    await h.api('/api/cps/scan/callback', { code: qr2.data.code, cps: d1.promoCode });
    await h.simCall('POST', '/control/gzh/scan', { sceneStr: qr2.data.code });
    expect((await h.api('/api/account/create/scan', { phone: existingPhone, code: await h.sendCode(existingPhone), wxCode: qr2.data.code })).status).toBe(200);
    expect((await accountRow(existingId)).distributor_id).toBeNull();
  });

  it('sets seats for its customer: credited, recorded, seen on the customer\'s /api/seat/info', async () => {
    const before = (await h.api('/api/seat/info', {}, customer.token)).data.figures.bought;
    const set = await portal('/seat/set', { accountId: customer.accountId, count: 3, days: 365 }, d1.token);
    expect(set).toMatchObject({ status: 200, data: { accountId: customer.accountId, seats: { bought: before + 3 } } });
    const info = await h.api('/api/seat/info', {}, customer.token);
    expect(info.data.figures.bought).toBe(before + 3);
    const seats = await h.api('/api/seat/list', { pageSize: 100 }, customer.token);
    expect(seats.data.list.filter((s: { source: string }) => s.source === `distributor:${d1.id}`)).toHaveLength(3);

    const records = await portal('/record/seat', {}, d1.token);
    expect(records.data.total).toBe(1);
    expect(records.data.list[0]).toMatchObject({ kind: 'set', accountId: customer.accountId, seatCount: 3, termDays: 365, orderNo: null });
    expect((await portal('/record/seat', { accountId: customer.accountId }, d1.token)).data.total).toBe(1);
  });

  it('reaches only its own customers: another distributor\'s account is 404 and nothing is written', async () => {
    const seatsBefore = (await h.api('/api/seat/info', {}, customer.token)).data.figures.bought;
    for (const [path, body] of [
      ['/seat/set', { accountId: customer.accountId, count: 1, days: 30 }],
      ['/record/seat', { accountId: customer.accountId }],
      ['/recharge/record', { accountId: customer.accountId }],
    ] as const) {
      expect(await portal(path, body, d2.token), path).toMatchObject({ status: 404, message: '客户账号不存在' });
      // An account that exists nowhere reads the same: no oracle.
      expect(await portal(path, { ...body, accountId: 2147483000 }, d2.token), path).toMatchObject({ status: 404, message: '客户账号不存在' });
    }
    // Another main account that no distributor brought in is not d1's either.
    const other = await h.register(uniquePhone());
    const otherId = (await h.api('/api/account/info', {}, other)).data.id;
    expect(await portal('/seat/set', { accountId: otherId, count: 1, days: 30 }, d1.token)).toMatchObject({ status: 404 });
    expect((await h.api('/api/seat/info', {}, customer.token)).data.figures.bought).toBe(seatsBefore);
    expect((await portal('/record/seat', {}, d2.token)).data.list.some((r: { accountId: number }) => r.accountId === customer.accountId)).toBe(false);
  });

  it('lists its customers\' paid and refunded orders as recharges, and paid ones as seat records', async () => {
    const db = h.server.database.kysely;
    const now = Date.now();
    const order = (n: string, state: 'pending' | 'paid' | 'cancelled' | 'refunded', distributorId: number | null, accountId = customer.accountId) => ({
      order_no: n,
      account_id: accountId,
      distributor_id: distributorId,
      kind: 'buy' as const,
      seat_count: 2,
      term_days: 365,
      seat_ids: '[]',
      unit_price_fen: 30_000,
      amount_fen: 60_000,
      state,
      provider: 'sim',
      trade_no: state === 'pending' ? null : `t${n}`,
      created_at: now,
      updated_at: now,
      expires_at: now + 900_000,
      paid_at: state === 'paid' || state === 'refunded' ? now + 1 : null,
      closed_at: state === 'refunded' ? now + 2 : null,
    });
    const other = await registerThroughPromo(h, d2.promoCode);
    await db
      .insertInto('seat_order')
      .values([order('D1PAID', 'paid', d1.id), order('D1REFUND', 'refunded', d1.id), order('D1PENDING', 'pending', d1.id), order('D2PAID', 'paid', d2.id, other.accountId)])
      .execute();
    const r = await portal('/recharge/record', {}, d1.token);
    expect(r.status).toBe(200);
    expect(r.data.list.map((x: { orderNo: string }) => x.orderNo).sort()).toEqual(['D1PAID', 'D1REFUND']);
    expect(r.data.list.find((x: { orderNo: string }) => x.orderNo === 'D1PAID')).toMatchObject({ state: 'paid', amountFen: 60_000, seatCount: 2, accountId: customer.accountId });
    expect((await portal('/recharge/record', {}, d2.token)).data.list.map((x: { orderNo: string }) => x.orderNo)).toEqual(['D2PAID']);
    const seats = await portal('/record/seat', {}, d1.token);
    expect(seats.data.list.map((x: { kind: string; orderNo: string | null }) => `${x.kind}:${x.orderNo}`).sort()).toEqual(['buy:D1PAID', 'set:null']);
  });

  it('answers bad input with a Chinese 4xx', async () => {
    for (const [path, body, message] of [
      ['/seat/set', { accountId: 2147483648, count: 1, days: 1 }, '参数错误：accountId 不能大于2147483647'],
      ['/seat/set', { accountId: customer.accountId, count: 0, days: 1 }, null],
      ['/seat/set', { accountId: customer.accountId, count: 1001, days: 1 }, null],
      ['/seat/set', { accountId: customer.accountId, count: 1, days: 3651 }, null],
      ['/seat/set', { accountId: customer.accountId, count: 1.5, days: 1 }, null],
      ['/seat/set', {}, null],
      ['/get/phone', { page: 2147483648 }, '参数错误：page 不能大于2147483647'],
      ['/get/phone', { phone: 'abcd' }, '请输入手机号后 4 至 11 位数字'],
      ['/record/seat', { accountId: 2147483648 }, '参数错误：accountId 不能大于2147483647'],
      ['/recharge/record', { pageSize: 1000 }, null],
    ] as const) {
      const r = await portal(path, body, d1.token);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
      if (message) expect(r.message).toBe(message);
    }
    // Found by its phone's last digits.
    const found = await portal('/get/phone', { phone: customer.phone.slice(-4) }, d1.token);
    expect(found.data.list.map((c: { accountId: number }) => c.accountId)).toContain(customer.accountId);
  });
});
