// 一客一码 against the simulator: a batch of leads becomes one temporary single-member contact way per
// lead (made in the background, expiring within WeCom's 14 days); a scan lands on exactly its lead;
// batch updates reach every code; CSV export; expiry; deletion; validation, tenancy, child accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, dayKey } from '@scrm/contracts/china-time';
import { startHarness, type Harness } from '../helpers/harness.js';
import { settle as settleAll } from '../helpers/corp.js';
import { codeWorld, scannedAdd } from '../helpers/code-world.js';

let h: Harness;
let main: string;
let other: string;
let kid: string;
let corp: { corpId: string };
let wsId: number;
let otherWsId: number;
let snap: any;
let member: any;
let tagIds: string[];

const db = () => h.server.database.kysely;
const call = (path: string, body: unknown, token = main, ws = wsId) => h.api(`/api/qw/customer/code${path}`, body, token, { 'x-work-id': String(ws) });
const ways = async () => (await h.simCall('GET', `/control/corps/${corp.corpId}/contact-ways`)).body.list as any[];
const clock = () => h.server.services.clock;
const today = () => dayKey(clock().now());
const welcome = { text: '', materialIds: [] };

const settle = () => settleAll(h);
const scanned = (externalUserid: string) => scannedAdd(h, externalUserid);

const download = (path: string, body: unknown) =>
  fetch(`${h.baseUrl}/api/qw/customer/code${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${main}`, 'x-work-id': String(wsId), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  h = await startHarness();
  const w = await codeWorld(h, {
    seed: 'lead-test',
    otherSeed: 'lead-other',
    name: '一客一码',
    members: 8,
    kids: [{ account: `leadkid${process.pid % 1000}`, keys: ['staff-qrcode'] }],
  });
  ({ main, other, corp, wsId, otherWsId, snap, tagIds } = w);
  [kid] = w.kids as [string];
  member = snap.members.find((m: any) => m.customer_contact);
}, 90_000);
afterAll(() => h?.close());

describe('one customer, one code', () => {
  let batchId: number;
  let leads: any[];
  const base = () => ({ name: '双十一投放', userid: member.userid, expiresDays: 7, tagIds: [tagIds[0]], welcome: { text: '#客户昵称#您好', materialIds: [] }, skipVerify: true });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const one = [{ name: '张三' }];
    const noContact = snap.members.find((m: any) => !m.customer_contact);
    const cases: Array<[unknown, RegExp]> = [
      [{ ...base(), leads: [{ name: '张三' }, { name: '   ' }] }, /^第 2 位客户：姓名不能为空$/],
      [{ ...base(), leads: [{ name: '张三', phone: 'abc' }] }, /^第 1 位客户：手机号格式不正确$/],
      [{ ...base(), name: ' ', leads: one }, /请填写批次名称/],
      [{ ...base(), expiresDays: 15, leads: one }, /^参数错误/],
      [{ ...base(), expiresDays: 0, leads: one }, /^参数错误/],
      [{ ...base(), leads: [] }, /^参数错误/],
      [{ ...base(), leads: Array.from({ length: 1001 }, (_, i) => ({ name: `客户${i}` })) }, /^参数错误/],
      [{ ...base(), tagIds: ['nope'], leads: one }, /标签不存在/],
      [{ ...base(), userid: 'nobody', leads: one }, /不存在，请先同步成员/],
      [{ ...base(), welcome: { text: 'x', materialIds: [424242] }, leads: one }, /素材不存在/],
    ];
    if (noContact) cases.push([{ ...base(), userid: noContact.userid, leads: one }, /没有客户联系权限/]);
    for (const [body, message] of cases) {
      const r = await call('/batch/add', body);
      expect(r.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(r.message).toMatch(message);
    }
    expect(await db().selectFrom('lead_batch').select('id').execute()).toHaveLength(0);
    expect(await db().selectFrom('lead').select('id').execute()).toHaveLength(0);
    expect(await db().selectFrom('contact_way').select('id').where('kind', '=', 'lead').execute()).toHaveLength(0);
  });

  it('makes a temporary code per lead, expiring when the batch does', async () => {
    const before = clock().now();
    const r = await call('/batch/add', {
      ...base(),
      leads: [
        { name: '张三', phone: '13800000001', remark: '抖音线索' },
        { name: '李四', phone: '13800000002', remark: 'click=abc' },
        { name: '张三', phone: '' },
      ],
    });
    expect(r.status, r.message).toBe(200);
    batchId = r.data.id;
    expect(r.data).toMatchObject({ name: '双十一投放', userid: member.userid, memberName: member.name, total: 3, added: 0, tagIds: [tagIds[0]], skipVerify: true });
    expect(r.data.expiresAt - before).toBeGreaterThanOrEqual(7 * DAY_MS);
    expect(r.data.expiresAt - before).toBeLessThan(7 * DAY_MS + 60_000);
    await settle();
    const info = (await call('/batch/info', { id: batchId })).data;
    expect(info).toMatchObject({ status: 'ready', total: 3, created: 3, failed: 0 });
    leads = (await call('/lead/list', { batchId })).data.list;
    expect(leads.map((l: any) => [l.name, l.phone, l.remark, l.status])).toEqual([
      ['张三', '13800000001', '抖音线索', 'waiting'],
      ['李四', '13800000002', 'click=abc', 'waiting'],
      ['张三', '', '', 'waiting'],
    ]);
    const live = await ways();
    for (const l of leads) {
      expect(l.state).toMatch(/^ld_/);
      const way = live.filter((w) => w.state === l.state);
      expect(way).toHaveLength(1);
      expect(way[0]).toMatchObject({ type: 1, is_temp: true, user: [member.userid], skip_verify: true, deleted: false });
      // WeCom's own clock: at most 14 days, here about 7.
      expect(way[0].expiresAt - Date.now()).toBeLessThanOrEqual(14 * DAY_MS);
      expect(Math.abs(way[0].expiresAt - (Date.now() + 7 * DAY_MS))).toBeLessThan(120_000);
      expect(l.qrCode).toBe(way[0].qr_code);
    }
    const list = (await call('/batch/list', {})).data;
    expect(list).toMatchObject({ total: 1, list: [{ id: batchId, status: 'ready' }] });
  });

  it('lands a scan on exactly its lead', async () => {
    const second = leads[1];
    const way = (await ways()).find((w) => w.state === second.state);
    const scan = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: way.config_id, name: '微信李四' });
    expect(scan.status).toBe(200);
    await scanned(scan.body.externalUserid);
    const now = clock().now();
    const list = (await call('/lead/list', { batchId })).data.list;
    expect(list.map((l: any) => l.status)).toEqual(['waiting', 'added', 'waiting']);
    expect(list[1]).toMatchObject({ externalUserid: scan.body.externalUserid, customerName: '微信李四', userid: member.userid, memberName: member.name, welcomeStatus: 'sent' });
    expect(now - list[1].addedAt).toBeLessThan(30_000);
    for (const i of [0, 2]) expect(list[i]).toMatchObject({ addedAt: null, externalUserid: null, userid: null, welcomeStatus: null });
    const add = await db().selectFrom('contact_way_add').selectAll().where('external_userid', '=', scan.body.externalUserid).executeTakeFirstOrThrow();
    expect(add.lead_id).toBe(second.id);

    // Someone else scanning the same code later is an add of the code, not a new owner of the lead.
    const again = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: way.config_id, name: '路人' });
    await scanned(again.body.externalUserid);
    expect((await call('/lead/list', { batchId, status: 'added' })).data.list).toMatchObject([{ id: second.id, customerName: '微信李四' }]);

    expect((await call('/lead/list', { batchId, status: 'waiting' })).data.total).toBe(2);
    expect((await call('/lead/list', { batchId, keyword: '0002' })).data.list.map((l: any) => l.id)).toEqual([second.id]);
    expect((await call('/lead/list', { batchId, keyword: 'click' })).data.list.map((l: any) => l.id)).toEqual([second.id]);
    expect((await call('/lead/list', { batchId, page: 2, pageSize: 2 })).data).toMatchObject({ total: 3, list: [{ id: leads[2].id }] });
    expect((await call('/batch/info', { id: batchId })).data).toMatchObject({ added: 1, addsToday: 2 });
    expect((await call('/batch/data/day', { id: batchId, start: today(), end: today() })).data.total).toMatchObject({ adds: 2, newCustomers: 2 });
    expect((await call('/batch/date', { id: batchId })).data).toMatchObject({ addsToday: 2, addsTotal: 2 });
    const sent = (await h.simCall('GET', `/control/corps/${corp.corpId}/welcome-messages?externalUserid=${scan.body.externalUserid}`)).body.list;
    expect(sent[0].text).toBe('微信李四您好');
  });

  it('exports the leads as CSV that Excel opens, and each QR as PNG', async () => {
    const res = await download('/lead/export', { batchId });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(decodeURIComponent(res.headers.get('content-disposition')!)).toContain('双十一投放-客户列表.csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('姓名,手机号,备注,状态,二维码链接,添加成员,添加时间,客户昵称,欢迎语');
    expect(lines).toHaveLength(4);
    const cells = lines[2]!.split(',');
    expect(cells.slice(0, 4)).toEqual(['李四', '"\t13800000002"', 'click=abc', '已添加']);
    expect(cells[4]).toBe(leads[1].qrCode);
    expect(cells[5]).toBe(member.name);
    expect(cells[6]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cells.slice(7)).toEqual(['微信李四', '已发送']);
    expect(lines[1]!.split(',')[3]).toBe('待添加');
    const filtered = await (await download('/lead/export', { batchId, status: 'added' })).text();
    expect(filtered.trim().split('\r\n')).toHaveLength(2);

    const png = await download('/lead/qrcode', { id: leads[0].id });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
  });

  it('copies name, tags and welcome to every code and adds leads to the batch', async () => {
    const r = await call('/batch/update', { id: batchId, name: '双十一二期', tagIds: [tagIds[1]], welcome: { text: '欢迎', materialIds: [] }, leads: [{ name: '王五', phone: '021-12345678' }] });
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ name: '双十一二期', tagIds: [tagIds[1]], welcome: { text: '欢迎' }, total: 4 });
    const codes = await db().selectFrom('contact_way').selectAll().where('lead_batch_id', '=', batchId).execute();
    expect(codes).toHaveLength(4);
    for (const c of codes) {
      expect(JSON.parse(c.tag_ids)).toEqual([tagIds[1]]);
      expect(JSON.parse(c.welcome)).toEqual({ text: '欢迎', materialIds: [] });
      expect(c.skip_verify).toBe(1);
      expect(Number(c.expires_at)).toBe(r.data.expiresAt);
    }
    await settle();
    const list = (await call('/lead/list', { batchId })).data.list;
    expect(list[3]).toMatchObject({ name: '王五', phone: '021-12345678', status: 'waiting' });
    expect((await ways()).find((w) => w.state === list[3].state)).toMatchObject({ is_temp: true, user: [member.userid] });
    expect((await call('/batch/update', { id: batchId, name: '', tagIds: [], welcome })).status).toBe(400);
    expect((await call('/batch/update', { id: batchId, name: 'x', tagIds: [], welcome, leads: [{ name: ' ' }] })).message).toBe('第 1 位客户：姓名不能为空');
  });

  it('shows expiry: waiting leads expire, added ones stay added, no more leads', async () => {
    const info = (await call('/batch/info', { id: batchId })).data;
    clock().set(info.expiresAt + 60_000);
    try {
      expect((await call('/batch/info', { id: batchId })).data.status).toBe('expired');
      expect((await call('/lead/list', { batchId })).data.list.map((l: any) => l.status)).toEqual(['expired', 'added', 'expired', 'expired']);
      expect((await call('/lead/list', { batchId, status: 'expired' })).data.total).toBe(3);
      const more = await call('/batch/update', { id: batchId, name: 'x', tagIds: [], welcome, leads: [{ name: '赵六' }] });
      expect(more).toMatchObject({ status: 409, message: '该批次已过期，不能再追加客户，请新建批次' });
    } finally {
      clock().reset();
    }
  });

  it('keeps other tenants and child accounts out', async () => {
    for (const [path, body] of [
      ['/batch/info', { id: batchId }],
      ['/batch/update', { id: batchId, name: 'x', tagIds: [], welcome }],
      ['/batch/del', { id: batchId }],
      ['/batch/data/day', { id: batchId, start: today(), end: today() }],
      ['/lead/list', { batchId }],
      ['/lead/qrcode', { id: leads[0].id }],
      ['/lead/export', { batchId }],
    ] as const) {
      expect((await call(path, body, other, otherWsId)).status, path).toBe(404);
      expect((await call(path, body, other, wsId)).status, path).toBe(404);
    }
    expect((await call('/batch/list', {}, other, otherWsId)).data.total).toBe(0);
    expect((await call('/batch/list', {}, kid)).status).toBe(403);
    expect((await call('/lead/export', { batchId }, kid)).status).toBe(403);
    expect((await call('/batch/add', { ...base(), leads: [{ name: 'x' }] }, kid)).status).toBe(403);
  });

  it('deletes a batch: its codes leave WeCom, the batch leaves the list', async () => {
    const states = (await call('/lead/list', { batchId })).data.list.map((l: any) => l.state);
    expect((await call('/batch/del', { id: batchId })).status).toBe(200);
    const all = await ways();
    for (const s of states) expect(all.find((w) => w.state === s)).toMatchObject({ deleted: true });
    expect((await call('/batch/list', {})).data.total).toBe(0);
    expect((await call('/batch/info', { id: batchId })).status).toBe(404);
    expect((await call('/lead/list', { batchId })).status).toBe(404);
  });

  it('takes a batch of 1,000 leads in one go, each lead with its own code and creation job', async () => {
    const r = await call('/batch/add', { ...base(), expiresDays: 14, leads: Array.from({ length: 1000 }, (_, i) => ({ name: `客户${i + 1}`, phone: `1390000${String(i).padStart(4, '0')}` })) });
    expect(r.status, r.message).toBe(200);
    expect(r.data.total).toBe(1000);
    const rows = await db()
      .selectFrom('lead')
      .innerJoin('contact_way', 'contact_way.id', 'lead.contact_way_id')
      .select(['lead.name', 'contact_way.name as code_name', 'contact_way.state', 'contact_way.kind', 'contact_way.lead_batch_id', 'contact_way.id as code_id'])
      .where('lead.batch_id', '=', r.data.id)
      .execute();
    expect(rows).toHaveLength(1000);
    for (const row of rows) expect(row).toMatchObject({ code_name: row.name, kind: 'lead', lead_batch_id: r.data.id });
    expect(new Set(rows.map((x) => x.state)).size).toBe(1000);
    const members = await db().selectFrom('contact_way_member').select('userid').where('contact_way_id', 'in', rows.map((x) => x.code_id)).execute();
    expect(members.map((m) => m.userid)).toEqual(Array(1000).fill(member.userid));
    const jobs = await db().selectFrom('job').select('id').where('kind', '=', 'contact_way_create').where('work_space_id', '=', wsId).execute();
    expect(jobs.length).toBeGreaterThanOrEqual(1000);
    expect((await call('/lead/list', { batchId: r.data.id, keyword: '客户1000' })).data.list).toMatchObject([{ name: '客户1000', phone: '13900000999' }]);
    expect((await call('/batch/update', { id: r.data.id, name: 'x', tagIds: [], welcome, leads: [{ name: '再来一位' }] })).message).toBe('每批最多 1000 位客户，本批已有 1000 位');
  });
});
