// 接口许可 end to end against the simulator: a corp authorised through the provider app, the members who
// need a licence, an order placed (待支付) and paid in the simulator, its codes, batch activation, each
// member's licence, the unlicensed member refused by the customer-contact calls once the trial ends;
// a self-built corp told it needs none; bad input, another tenant and child accounts refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, until } from '../helpers/corp.js';
import { createChild } from '../helpers/child.js';

let h: Harness;
let main: string;
let other: string;
let child: string;
let wsId: number;
let corpId: string;
let selfBuiltId: number;

/** A corp installs the provider app (pre-auth code → install page → auth_code → callback) and is synced. */
async function connectThird(seed: string) {
  const corp = (await h.simCall('POST', '/control/corps', { name: '许可测试企业', seed, size: { departments: 2, members: 6, customers: 40, groups: 1, tags: 2 } })).body as { corpId: string };
  const pre = await h.api('/api/qw/third/auth/preCode', {}, main);
  expect(pre.status, pre.message).toBe(200);
  const url = new URL(pre.data.url);
  const res = await fetch(`${h.simUrl}/open/3rdapp/install`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), corpId: corp.corpId }).toString(),
    redirect: 'manual',
  });
  const authCode = new URL(res.headers.get('location')!).searchParams.get('auth_code')!;
  const done = await h.api('/api/qw/third/auth/callback', { auth_code: authCode, state: pre.data.state }, main);
  expect(done.status, done.message).toBe(200);
  await until('sync done', async () => {
    const i = (await h.api('/api/qw/info', { id: done.data.id }, main)).data;
    if (i.sync.status === 'failed') throw new Error(i.sync.error);
    return i.sync.status === 'done' && i;
  });
  return { wsId: done.data.id as number, corpId: corp.corpId };
}

/** A corp authorises the 代开发 app through its link; the work space appears once create_auth arrives. */
async function connectReplace(seed: string) {
  const corp = (await h.simCall('POST', '/control/corps', { name: '代开发许可企业', seed, size: { departments: 2, members: 4, customers: 4, groups: 0, tags: 1 } })).body as { corpId: string };
  const link = await h.api('/api/qw/replace/auth/url', {}, main);
  expect(link.status, link.message).toBe(200);
  const url = new URL(link.data.url);
  await fetch(`${h.simUrl}/open/customized/install`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), corpId: corp.corpId }).toString(),
    redirect: 'manual',
  });
  const result = await until('authorised', async () => {
    const r = (await h.api('/api/qw/replace/auth/result', { state: link.data.state }, main)).data;
    if (r.error) throw new Error(r.error);
    return r.done && r;
  });
  await until('sync done', async () => {
    const i = (await h.api('/api/qw/info', { id: result.id }, main)).data;
    if (i.sync.status === 'failed') throw new Error(i.sync.error);
    return i.sync.status === 'done' && i;
  });
  return { wsId: result.id as number, corpId: corp.corpId };
}

beforeAll(async () => {
  h = await startHarness();
  main = await h.register(uniquePhone());
  other = await h.register(uniquePhone());
  const kid = `lickid${process.pid % 1000}`;
  expect((await createChild(h, { account: kid, password: 'kidpass1', permissionKeys: ['staff'] }, main)).status).toBe(200);
  child = (await h.api('/api/account/login', { phone: kid, password: 'kidpass1' })).data.token;
  const p = (await h.simCall('GET', '/control/provider')).body;
  await until('suite ticket', async () => {
    const rows = await h.server.database.kysely.selectFrom('suite_ticket').select('suite_id').execute();
    return rows.some((r) => r.suite_id === p.suiteId) && rows.some((r) => r.suite_id === p.templateId);
  });
  ({ wsId, corpId } = await connectThird(`licence-${process.pid}`));
  selfBuiltId = (await connectCorp(h, main, { seed: `licence-own-${process.pid}`, size: { members: 3, customers: 2 } })).wsId;
}, 90_000);
afterAll(() => h?.close());

const simMembers = async () =>
  (await h.simCall('GET', `/control/corps/${corpId}/licences`)).body.members as Array<{ userid: string; name: string; contact: boolean; licensed: boolean }>;

describe('interface licences of a provider-authorised corp', () => {
  it('lists the contact members who need a licence, buys, pays, activates and shows each licence', async () => {
    const contact = (await simMembers()).filter((m) => m.contact);
    expect(contact.length).toBeGreaterThanOrEqual(2);

    const need = await h.api('/api/qw/need/buy/qwAccount', { id: wsId }, main);
    expect(need.status, need.message).toBe(200);
    expect(need.data).toMatchObject({ required: true, freeExternalCodes: 0, orders: [] });
    expect(need.data.members.map((m: { userid: string }) => m.userid).sort()).toEqual(contact.map((m) => m.userid).sort());
    expect(need.data.message).toContain(`${contact.length} 名`);

    // buy: an order 待支付 in WeCom until the provider's admin pays
    const bought = await h.api('/api/qw/need/buy/qwAccount', { id: wsId, buy: { baseCount: 0, externalCount: 2, months: 12 } }, main);
    expect(bought.status, bought.message).toBe(200);
    const orderId = bought.data.createdOrderId as string;
    expect(bought.data.orders).toEqual([expect.objectContaining({ orderId, status: 0, statusText: '待支付', externalCount: 2, months: 12, paidAt: null })]);
    const unpaid = await h.api('/api/qw/activeCode/detail', { id: wsId }, main);
    expect(unpaid.data.codes).toEqual([]);
    const early = await h.api('/api/qw/bind/qwAccount/batch', { id: wsId, userids: [contact[0]!.userid] }, main);
    expect(early).toMatchObject({ status: 400 });
    expect(early.message).toContain('激活码不足');

    expect((await h.simCall('POST', '/control/provider/licence/pay', { orderId })).status).toBe(200);
    const detail = await h.api('/api/qw/activeCode/detail', { id: wsId, orderId }, main);
    expect(detail.status, detail.message).toBe(200);
    expect(detail.data.orders[0]).toMatchObject({ orderId, status: 1, statusText: '已支付', paidAt: expect.any(Number) });
    expect(detail.data.orders[0].price).toBeGreaterThan(0);
    expect(detail.data.codes).toHaveLength(2);
    expect(detail.data.codes.every((c: { status: number; statusText: string; type: number }) => c.status === 1 && c.statusText === '未绑定' && c.type === 2)).toBe(true);
    expect((await h.api('/api/qw/need/buy/qwAccount', { id: wsId }, main)).data.freeExternalCodes).toBe(2);

    // the trial ends: an unlicensed member is refused by the customer-contact calls
    await h.simCall('POST', `/control/corps/${corpId}/licence-trial`, { ended: true });
    const [a, b] = contact;
    const bind = await h.api('/api/qw/bind/qwAccount/batch', { id: wsId, userids: [a!.userid, b!.userid] }, main);
    expect(bind.status, bind.message).toBe(200);
    expect(bind.data).toMatchObject({ bound: 2 });
    expect(bind.data.list.every((x: { ok: boolean; message: string }) => x.ok && x.message === '已激活')).toBe(true);
    expect((await simMembers()).filter((m) => m.licensed).map((m) => m.userid).sort()).toEqual([a!.userid, b!.userid].sort());

    const codes = (await h.api('/api/qw/activeCode/detail', { id: wsId }, main)).data.codes as Array<{ status: number; userid: string; memberName: string; expireTime: number }>;
    expect(codes.map((c) => c.userid).sort()).toEqual([a!.userid, b!.userid].sort());
    expect(codes.every((c) => c.status === 2 && c.memberName && c.expireTime > Date.now())).toBe(true);

    const all = await h.api('/api/qw/by/qwAccount', { id: wsId }, main);
    expect(all.status, all.message).toBe(200);
    const byId = new Map((all.data.list as Array<{ userid: string; licensed: boolean; licences: unknown[] }>).map((m) => [m.userid, m]));
    expect(byId.get(a!.userid)).toMatchObject({ licensed: true, licences: [expect.objectContaining({ type: 2, activeCode: expect.any(String) })] });
    for (const m of contact.slice(2)) expect(byId.get(m.userid)).toMatchObject({ licensed: false, licences: [] });
    const one = await h.api('/api/qw/by/qwAccount', { id: wsId, userid: b!.userid }, main);
    expect(one.data.list).toEqual([expect.objectContaining({ userid: b!.userid, licensed: true })]);
    const after = await h.api('/api/qw/need/buy/qwAccount', { id: wsId }, main);
    expect(after.data.members.map((m: { userid: string }) => m.userid)).not.toContain(a!.userid);
    expect(after.data.freeExternalCodes).toBe(0);

    // activating the same member twice: WeCom's refusal, in Chinese
    const more = (await h.api('/api/qw/need/buy/qwAccount', { id: wsId, buy: { baseCount: 1, externalCount: 1, months: 1 } }, main)).data.createdOrderId;
    await h.simCall('POST', '/control/provider/licence/pay', { orderId: more });
    const twice = await h.api('/api/qw/bind/qwAccount/batch', { id: wsId, userids: [a!.userid] }, main);
    expect(twice.data.list[0]).toMatchObject({ ok: false, message: '该成员已有同类型的有效接口许可' });

    // once the trial is over, WeCom refuses a customer-contact change by a member without a licence, in Chinese
    const snap = (await h.simCall('GET', `/control/corps/${corpId}/snapshot`)).body as { customers: Array<{ external_userid: string; follow_user: Array<{ userid: string }> }> };
    const relationOf = (userid: string) => snap.customers.find((c) => c.follow_user.some((f) => f.userid === userid));
    const bare = contact.slice(2).find((m) => relationOf(m.userid));
    const licensedOne = [a!, b!].find((m) => relationOf(m.userid));
    const headers = { 'x-work-id': String(wsId) };
    if (bare) {
      const refused = await h.api('/api/qw/customer/remark', { externalUserid: relationOf(bare.userid)!.external_userid, userid: bare.userid, remark: '许可', description: '', remarkMobiles: [] }, main, headers);
      expect(refused).toMatchObject({ status: 400, message: '该成员未激活接口许可（互通账号），无法使用客户联系功能' });
    }
    if (licensedOne) {
      const fine = await h.api('/api/qw/customer/remark', { externalUserid: relationOf(licensedOne.userid)!.external_userid, userid: licensedOne.userid, remark: '许可', description: '', remarkMobiles: [] }, main, headers);
      expect(fine.status, fine.message).toBe(200);
    }
    expect(bare && licensedOne).toBeTruthy();
    await h.simCall('POST', `/control/corps/${corpId}/licence-trial`, { ended: false });
  }, 60_000);

  it('serves a 代开发 corp the same way', async () => {
    const replace = await connectReplace(`licence-dk-${process.pid}`);
    const contact = ((await h.simCall('GET', `/control/corps/${replace.corpId}/licences`)).body.members as Array<{ userid: string; contact: boolean }>).filter((m) => m.contact);
    const need = await h.api('/api/qw/need/buy/qwAccount', { id: replace.wsId, buy: { baseCount: 1, externalCount: 1, months: 6 } }, main);
    expect(need.status, need.message).toBe(200);
    expect(need.data.required).toBe(true);
    expect(need.data.members).toHaveLength(contact.length);
    await h.simCall('POST', '/control/provider/licence/pay', { orderId: need.data.createdOrderId });
    const codes = (await h.api('/api/qw/activeCode/detail', { id: replace.wsId }, main)).data.codes as Array<{ type: number }>;
    expect(codes.map((c) => c.type).sort()).toEqual([1, 2]);
    const bound = await h.api('/api/qw/bind/qwAccount/batch', { id: replace.wsId, userids: [contact[0]!.userid] }, main);
    expect(bound.data.bound).toBe(1);
    const base = await h.api('/api/qw/bind/qwAccount/batch', { id: replace.wsId, userids: [contact[0]!.userid], type: 1 }, main);
    expect(base.data.bound).toBe(1);
    const mine = (await h.api('/api/qw/by/qwAccount', { id: replace.wsId, userid: contact[0]!.userid }, main)).data.list[0];
    expect(mine.licences.map((l: { type: number }) => l.type).sort()).toEqual([1, 2]);
    // the 互通 licence runs out: the code shows 已过期 and the member needs one again
    const external = mine.licences.find((l: { type: number }) => l.type === 2).activeCode as string;
    expect((await h.simCall('POST', '/control/provider/licence/expire', { activeCode: external })).body.status).toBe(3);
    const after = (await h.api('/api/qw/activeCode/detail', { id: replace.wsId }, main)).data.codes.find((c: { activeCode: string }) => c.activeCode === external);
    expect(after).toMatchObject({ status: 3, statusText: '已过期' });
    expect((await h.api('/api/qw/by/qwAccount', { id: replace.wsId, userid: contact[0]!.userid }, main)).data.list[0]).toMatchObject({ licensed: false });
    expect((await h.api('/api/qw/need/buy/qwAccount', { id: replace.wsId }, main)).data.members.map((m: { userid: string }) => m.userid)).toContain(contact[0]!.userid);
    // the other work space's order is not this one's
    expect((await h.api('/api/qw/activeCode/detail', { id: wsId, orderId: need.data.createdOrderId }, main)).status).toBe(404);
  }, 60_000);

  it('tells a self-built corp it needs no licence', async () => {
    for (const path of ['/api/qw/need/buy/qwAccount', '/api/qw/activeCode/detail', '/api/qw/by/qwAccount']) {
      const r = await h.api(path, { id: selfBuiltId }, main);
      expect(r.status, path).toBe(200);
      expect(r.data).toMatchObject({ required: false, message: expect.stringContaining('无需购买接口许可') });
    }
    const buy = await h.api('/api/qw/need/buy/qwAccount', { id: selfBuiltId, buy: { baseCount: 1, externalCount: 0, months: 1 } }, main);
    expect(buy).toMatchObject({ status: 400, message: expect.stringContaining('无需购买接口许可') });
    expect((await h.api('/api/qw/bind/qwAccount/batch', { id: selfBuiltId, userids: ['x'] }, main)).status).toBe(400);
  });

  it('refuses bad input in Chinese, other tenants with 404 and child accounts with 403', async () => {
    for (const [path, body] of [
      ['/api/qw/need/buy/qwAccount', { id: wsId, buy: { baseCount: -1, externalCount: 1, months: 1 } }],
      ['/api/qw/need/buy/qwAccount', { id: wsId, buy: { baseCount: 1, externalCount: 1, months: 37 } }],
      ['/api/qw/bind/qwAccount/batch', { id: wsId, userids: [] }],
      ['/api/qw/bind/qwAccount/batch', { id: wsId, userids: ['a'], type: 3 }],
      ['/api/qw/by/qwAccount', { id: 'x' }],
    ] as const) {
      const r = await h.api(path, body, main);
      expect(r.status, path).toBe(400);
      expect(r.message, path).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await h.api('/api/qw/need/buy/qwAccount', { id: wsId, buy: { baseCount: 0, externalCount: 0, months: 1 } }, main)).toMatchObject({ status: 400, message: '请至少购买 1 个基础账号或互通账号' });
    expect(await h.api('/api/qw/bind/qwAccount/batch', { id: wsId, userids: ['nobody-here'] }, main)).toMatchObject({ status: 400, message: '成员不存在：nobody-here' });
    expect(await h.api('/api/qw/activeCode/detail', { id: wsId, orderId: 'OInope' }, main)).toMatchObject({ status: 404 });
    expect(await h.api('/api/qw/by/qwAccount', { id: wsId, userid: 'nobody-here' }, main)).toMatchObject({ status: 404 });
    for (const path of ['/api/qw/need/buy/qwAccount', '/api/qw/activeCode/detail', '/api/qw/by/qwAccount']) {
      expect(await h.api(path, { id: wsId }, other), path).toMatchObject({ status: 404, message: '企业不存在' });
      expect(await h.api(path, { id: wsId }, child), path).toMatchObject({ status: 403 });
    }
    expect(await h.api('/api/qw/bind/qwAccount/batch', { id: wsId, userids: ['a'] }, other)).toMatchObject({ status: 404 });
    expect(await h.api('/api/qw/bind/qwAccount/batch', { id: wsId, userids: ['a'] }, child)).toMatchObject({ status: 403 });
  });
});
