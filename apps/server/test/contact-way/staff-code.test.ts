// 员工活码 against the simulator: a batch for several members becomes one single-member contact way
// each (made in the background, with our states); a scan is attributed to its code (customers, daily
// figures, welcome, tags); update and delete reach WeCom; validation, tenancy and child accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey } from '@scrm/contracts/china-time';
import { wecomErrorMessage } from '@scrm/wecom/errors';
import { startHarness, type Harness } from '../helpers/harness.js';
import { settle as settleAll } from '../helpers/corp.js';
import { codeWorld, scannedAdd } from '../helpers/code-world.js';

let h: Harness;
let main: string;
let other: string;
let kid: string;
let kidAllowed: string;
let corp: { corpId: string; secret: string };
let wsId: number;
let otherWsId: number;
let snap: any;
let contact: any[];
let tagIds: string[];

const db = () => h.server.database.kysely;
const call = (path: string, body: unknown, token = main, ws = wsId) => h.api(`/api/qw/staff/code${path}`, body, token, { 'x-work-id': String(ws) });
const ways = async (corpId = corp.corpId) => (await h.simCall('GET', `/control/corps/${corpId}/contact-ways`)).body.list as any[];
const today = () => dayKey(h.server.services.clock.now());
const welcome = { text: '', materialIds: [] };

/** Background jobs and the callbacks they answer are all done. */
const settle = () => settleAll(h);
const scanned = (externalUserid: string) => scannedAdd(h, externalUserid);

beforeAll(async () => {
  h = await startHarness();
  const suffix = process.pid % 1000;
  const w = await codeWorld(h, {
    seed: 'staff-code-test',
    otherSeed: 'staff-code-other',
    name: '活码',
    members: 20,
    kids: [
      { account: `stcodekid${suffix}`, keys: ['staff'] },
      { account: `stcodeok${suffix}`, keys: ['staff-qrcode'] },
    ],
  });
  ({ main, other, corp, wsId, otherWsId, snap, tagIds } = w);
  [kid, kidAllowed] = w.kids as [string, string];
  contact = snap.members.filter((m: any) => m.customer_contact);
}, 90_000);
afterAll(() => h?.close());

describe('staff codes', () => {
  let ids: number[];

  it('refuses bad input in Chinese and writes nothing', async () => {
    const three = contact.slice(0, 3).map((m: any) => m.userid);
    const noContact = snap.members.find((m: any) => !m.customer_contact);
    expect(noContact, 'the sample corp has a member without customer contact').toBeTruthy();
    const cases: Array<[unknown, RegExp]> = [
      [{ userids: [...three, noContact.userid], tagIds: [], welcome, skipVerify: true }, /没有客户联系权限/],
      [{ userids: ['nobody-here'], tagIds: [], welcome, skipVerify: true }, /不存在，请先同步成员/],
      [{ userids: [three[0], three[0]], tagIds: [], welcome, skipVerify: true }, /重复/],
      [{ userids: three, tagIds: ['no-such-tag'], welcome, skipVerify: true }, /标签不存在/],
      [{ userids: three, tagIds: [], welcome: { text: '欢'.repeat(1400), materialIds: [] }, skipVerify: true }, /欢迎语文字过长/],
      [{ userids: three, tagIds: [], welcome: { text: 'hi', materialIds: [999999] }, skipVerify: true }, /素材不存在/],
      [{ userids: [], tagIds: [], welcome, skipVerify: true }, /^参数错误/],
      [{ userids: three, tagIds: [], welcome, skipVerify: true, name: '名'.repeat(31) }, /^参数错误/],
    ];
    for (const [body, message] of cases) {
      const r = await call('/add', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toMatch(message);
    }
    expect((await h.api('/api/qw/staff/code/list', {}, main)).message).toBe('请先选择企业微信');
    expect((await db().selectFrom('contact_way').select('id').where('kind', '=', 'staff').execute()).length).toBe(0);
  });

  it('makes one single-member contact way per member, in the background, with our states', async () => {
    const members = contact.slice(0, 3);
    const r = await call('/add', {
      userids: members.map((m: any) => m.userid),
      tagIds: [tagIds[0]],
      welcome: { text: '你好#客户昵称#，我是#成员姓名#', materialIds: [] },
      skipVerify: true,
    });
    expect(r.status, r.message).toBe(200);
    ids = r.data.ids;
    expect(ids).toHaveLength(3);
    await settle();
    const list = (await call('/list', { page: 1, pageSize: 20 })).data;
    expect(list.total).toBe(3);
    const live = await ways();
    for (const m of members) {
      const code = list.list.find((c: any) => c.userid === m.userid);
      expect(code).toMatchObject({ name: `${m.name}的活码`, memberName: m.name, status: 'active', error: null, tagIds: [tagIds[0]], skipVerify: true, addsToday: 0, addsTotal: 0 });
      expect(code.qrCode).toMatch(/\/wwpic\/.+\.png$/);
      expect(code.state).toMatch(/^st_/);
      const way = live.filter((w) => w.state === code.state);
      expect(way).toHaveLength(1);
      expect(way[0]).toMatchObject({ type: 1, user: [m.userid], skip_verify: true, is_temp: false, remark: `${m.name}的活码`, deleted: false });
    }
  });

  it('names codes from a template and lets a member have several', async () => {
    const m = contact[0];
    const r = await call('/add', { userids: [m.userid], name: '门店-#成员姓名#', tagIds: [], welcome, skipVerify: false });
    expect(r.status, r.message).toBe(200);
    await settle();
    const info = (await call('/info', { id: r.data.ids[0] })).data;
    expect(info).toMatchObject({ name: `门店-${m.name}`, status: 'active', skipVerify: false });
    const mine = (await call('/list', { userid: m.userid })).data;
    expect(mine.total).toBe(2);
    expect((await call('/list', { keyword: '门店' })).data.list.map((c: any) => c.id)).toEqual([r.data.ids[0]]);
    const paged = (await call('/list', { page: 2, pageSize: 3 })).data;
    expect(paged).toMatchObject({ total: 4 });
    expect(paged.list).toHaveLength(1);
    expect((await call('/del', { ids: r.data.ids })).status).toBe(200);
  });

  it('attributes a scan to its code: customers, daily figures, welcome and tags', async () => {
    const code = (await call('/info', { id: ids[1] })).data;
    const way = (await ways()).find((w) => w.state === code.state);
    const scan = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: way.config_id, name: '扫码张三' });
    expect(scan.status).toBe(200);
    await scanned(scan.body.externalUserid);
    const customers = (await call('/customer/list', { id: ids[1] })).data;
    expect(customers.total).toBe(1);
    expect(customers.list[0]).toMatchObject({ externalUserid: scan.body.externalUserid, customerName: '扫码张三', userid: code.userid, welcomeStatus: 'sent', tagStatus: 'done' });
    const day = (await call('/data/day', { id: ids[1], start: today(), end: today() })).data;
    expect(day.total).toMatchObject({ adds: 1, newCustomers: 1 });
    expect((await call('/data/day', { id: ids[0], start: today(), end: today() })).data.total.adds).toBe(0);
    expect((await call('/date', { id: ids[1] })).data).toMatchObject({ addsToday: 1, addsTotal: 1 });
    const listed = (await call('/list', {})).data.list;
    expect(listed.find((c: any) => c.id === ids[1])).toMatchObject({ addsToday: 1, addsTotal: 1 });
    expect(listed.find((c: any) => c.id === ids[0])).toMatchObject({ addsToday: 0, addsTotal: 0 });
    const sent = (await h.simCall('GET', `/control/corps/${corp.corpId}/welcome-messages?externalUserid=${scan.body.externalUserid}`)).body.list;
    expect(sent[0].text).toBe(`你好扫码张三，我是${code.memberName}`);
    const png = await fetch(`${h.baseUrl}/api/qw/staff/code/qrcode`, {
      method: 'POST',
      headers: { authorization: `Bearer ${main}`, 'x-work-id': String(wsId), 'content-type': 'application/json' },
      body: JSON.stringify({ id: ids[1] }),
    });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
  });

  it('updates name and skip-verify on WeCom, tags and welcome in our rows', async () => {
    const r = await call('/update', { id: ids[0], name: '新名字', tagIds: [tagIds[1], tagIds[2]], welcome: { text: '欢迎', materialIds: [] }, skipVerify: false });
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ name: '新名字', tagIds: [tagIds[1], tagIds[2]], welcome: { text: '欢迎' }, skipVerify: false });
    const way = (await ways()).find((w) => w.state === r.data.state);
    expect(way).toMatchObject({ remark: '新名字', skip_verify: false, user: [r.data.userid] });
    const bad = await call('/update', { id: ids[0], name: '新名字', tagIds: ['nope'], welcome, skipVerify: false });
    expect(bad).toMatchObject({ status: 400 });
    expect((await call('/info', { id: ids[0] })).data.tagIds).toEqual([tagIds[1], tagIds[2]]);
  });

  it('keeps other tenants and child accounts out', async () => {
    for (const [path, body] of [
      ['/info', { id: ids[0] }],
      ['/update', { id: ids[0], name: 'x', tagIds: [], welcome, skipVerify: true }],
      ['/del', { ids: [ids[0]] }],
      ['/customer/list', { id: ids[1] }],
      ['/data/day', { id: ids[1], start: today(), end: today() }],
      ['/qrcode', { id: ids[1] }],
    ] as const) {
      expect((await call(path, body, other, otherWsId)).status, path).toBe(404);
      expect((await call(path, body, other, wsId)).status, path).toBe(404);
    }
    expect((await call('/list', {}, other, otherWsId)).data.total).toBe(0);
    expect((await call('/list', {}, kid)).status).toBe(403);
    expect((await call('/add', { userids: [contact[0].userid], tagIds: [], welcome, skipVerify: true }, kid)).status).toBe(403);
    expect((await call('/list', {}, kidAllowed)).data.total).toBe(3);
    expect((await call('/info', { id: 999999 })).message).toBe('员工活码不存在');
  });

  it('shows why WeCom refused a code, and tries again on request', async () => {
    // Our copy says the member may receive customers; WeCom no longer agrees (permission taken away).
    const m = snap.members.find((x: any) => !x.customer_contact);
    await db().updateTable('member').set({ is_follow_user: 1 }).where('work_space_id', '=', wsId).where('userid', '=', m.userid).execute();
    const r = await call('/add', { userids: [m.userid], tagIds: [], welcome, skipVerify: true });
    expect(r.status, r.message).toBe(200);
    await settle();
    const failed = (await call('/info', { id: r.data.ids[0] })).data;
    expect(failed).toMatchObject({ status: 'failed', error: wecomErrorMessage(84074), qrCode: '' });
    expect((await call('/retry', { ids: [ids[0]] })).status).toBe(409);
    expect((await call('/retry', { ids: r.data.ids })).status).toBe(200);
    expect((await call('/info', { id: r.data.ids[0] })).data.status).toBe('creating');
    await settle();
    expect((await call('/info', { id: r.data.ids[0] })).data.status).toBe('failed');
    expect((await call('/del', { ids: r.data.ids })).status).toBe(200);
  });

  it('waits for WeCom before deleting a code still being made', async () => {
    await h.simCall('POST', '/control/faults', { kind: 'latency', corpId: corp.corpId, path: 'externalcontact/add_contact_way', ms: 1500, count: 1 });
    try {
      const r = await call('/add', { userids: [contact[3].userid], tagIds: [], welcome, skipVerify: true });
      expect((await call('/info', { id: r.data.ids[0] })).data.status).toBe('creating');
      expect(await call('/del', { ids: r.data.ids })).toMatchObject({ status: 409, message: '活码正在生成中，请等生成完成后再删除' });
      await settle();
      const code = (await call('/info', { id: r.data.ids[0] })).data;
      expect(code.status).toBe('active');
      expect((await call('/del', { ids: r.data.ids })).status).toBe(200);
      expect((await ways()).find((w) => w.state === code.state)).toMatchObject({ deleted: true });
    } finally {
      await h.simCall('DELETE', '/control/faults');
    }
  });

  it('deletes codes on WeCom and keeps their history; an unknown id deletes nothing', async () => {
    expect((await call('/del', { ids: [ids[0], 999999] })).status).toBe(404);
    expect((await call('/info', { id: ids[0] })).status).toBe(200);
    const codes = await Promise.all(ids.slice(0, 2).map(async (id) => (await call('/info', { id })).data));
    expect((await call('/del', { ids: ids.slice(0, 2) })).status).toBe(200);
    const all = await ways();
    for (const c of codes) expect(all.find((w) => w.state === c.state)).toMatchObject({ deleted: true });
    expect((await call('/list', {})).data.list.map((c: any) => c.id)).toEqual([ids[2]]);
    expect((await call('/info', { id: ids[0] })).status).toBe(404);
    // The adds through a deleted code still count in the figures of every staff code.
    expect((await call('/data/day', { start: today(), end: today() })).data.total.adds).toBe(1);
  });
});
