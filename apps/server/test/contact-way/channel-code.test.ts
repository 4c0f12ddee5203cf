// 渠道活码 end to end against the simulator: creation on WeCom, attribution of every scan, auto-tags,
// welcome messages with an image, per-member daily caps taking members off the WeCom user list (with
// risk records) and back the next day, distribution rules, operator switches, figures, groups,
// validation, tenancy and child accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { dayKey, dayStart, DAY_MS } from '@scrm/contracts/china-time';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, contactMembers, until, type ConnectedCorp } from '../helpers/corp.js';
import { createChild } from '../helpers/child.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;
let members: Array<{ userid: string; name: string }>;
let tagId: string;
let imageId: number;

const api = (path: string, body?: unknown, t = token) => h.api(path, body, t, corp.headers);
const db = () => h.server.database.kysely;
const snapshot = async () => (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body as any;
const wayOf = async (configId: string) => (await snapshot()).contactWays.find((w: any) => w.config_id === configId);
const addsOf = async (codeId: number) => db().selectFrom('contact_way_add').selectAll().where('contact_way_id', '=', codeId).orderBy('id').execute();

/** A new WeChat user scans the code; resolves once the add is processed (welcome, tags, caps). */
async function scan(configId: string, expectedAdds: number, codeId: number) {
  const r = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await until('add recorded', async () => (await addsOf(codeId)).length >= expectedAdds);
  await h.server.services.jobs.idle();
  return r.body as { externalUserid: string; userid: string; welcomeCode: string };
}

async function uploadImage(): Promise<number> {
  const png = await QRCode.toBuffer('welcome image', { width: 120 });
  const form = new FormData();
  form.append('kind', 'image');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), '欢迎图.png');
  const res = await fetch(`${h.baseUrl}/api/material/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...corp.headers }, body: form });
  const up = (await res.json()) as any;
  expect(res.status, JSON.stringify(up)).toBe(200);
  const m = await api('/api/material/add', { type: 'image', title: '欢迎图片', fileId: up.data.fileId });
  expect(m.status, m.message).toBe(200);
  return m.data.id;
}

function codeInput(over: Record<string, unknown> = {}) {
  return {
    name: '抖音投放',
    members: [{ userid: members[0]!.userid }, { userid: members[1]!.userid }, { userid: members[2]!.userid, backup: true }],
    distribution: 'in_order',
    dailyCap: 2,
    schedule: [],
    tagIds: [tagId],
    welcome: { text: '你好#客户昵称#，我是#成员姓名#', materialIds: [imageId] },
    skipVerify: true,
    ...over,
  };
}

beforeAll(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'channel-code', size: { members: 8, customers: 5, tags: 2 } });
  members = await contactMembers(h, corp.corpId);
  const tags = await api('/api/qw/tag/list', {});
  expect(tags.status, tags.message).toBe(200);
  tagId = tags.data.list[0].tags[0].id;
  imageId = await uploadImage();
}, 60_000);
afterAll(() => h?.close());

describe('a channel code with two members, a cap of 2, a backup and a welcome image', () => {
  let code: any;

  it('is created on WeCom with its own state and the first member receiving', async () => {
    const r = await api('/api/qw/lxw/add', codeInput());
    expect(r.status, r.message).toBe(200);
    code = r.data;
    expect(code).toMatchObject({ name: '抖音投放', status: 'active', distribution: 'in_order', dailyCap: 2, receivingUsers: [members[0]!.userid], noneAvailable: false });
    expect(code.state).toMatch(/^ch_[a-z0-9]{12}$/);
    expect(code.qrCode).toBeTruthy();
    const way = await wayOf(code.configId);
    expect(way).toMatchObject({ state: code.state, user: [members[0]!.userid], skip_verify: true, type: 2, scene: 2 });
  });

  it('attributes five scans: the cap takes each member off WeCom’s list, the backup receives last', async () => {
    const added: Array<{ userid: string; externalUserid: string }> = [];
    for (let i = 1; i <= 5; i++) added.push(await scan(code.configId, i, code.id));
    expect(added.map((a) => a.userid)).toEqual([members[0], members[0], members[1], members[1], members[2]].map((m) => m!.userid));
    expect((await wayOf(code.configId)).user).toEqual([members[2]!.userid]);

    const rows = await addsOf(code.id);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.state === code.state && r.new_customer === 1)).toBe(true);

    // Welcomed within the window, with the names filled in and the image attached.
    expect(rows.map((r) => r.welcome_status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    const sent = await h.simCall('GET', `/control/corps/${corp.corpId}/welcome-messages`);
    expect(sent.body.list).toHaveLength(5);
    const first = sent.body.list.find((m: any) => m.externalUserid === added[0]!.externalUserid);
    expect(first.text).toBe(`你好${first.customerName}，我是${members[0]!.name}`);
    expect(first.attachments).toHaveLength(1);
    expect(first.attachments[0].msgtype).toBe('image');
    // Tagged on WeCom and in our copy.
    expect(rows.map((r) => r.tag_status)).toEqual(['done', 'done', 'done', 'done', 'done']);
    const snap = await snapshot();
    for (const a of added) {
      const customer = snap.customers.find((c: any) => c.external_userid === a.externalUserid);
      const follow = customer.follow_user.find((f: any) => f.userid === a.userid);
      expect(follow.tags.map((t: any) => t.tag_id)).toContain(tagId);
      expect(follow.state).toBe(code.state);
    }

    // The members' state on the code, and a risk record per cap reached.
    const m = await api('/api/qw/lxw/member/list', { id: code.id });
    const byId = new Map(m.data.list.map((x: any) => [x.userid, x]));
    expect(byId.get(members[0]!.userid)).toMatchObject({ addsToday: 2, effectiveCap: 2, receiving: false, offlineReasons: ['今日已达上限'] });
    expect(byId.get(members[2]!.userid)).toMatchObject({ backup: true, receiving: true, addsToday: 1 });
    const records = await db().selectFrom('risk_record').selectAll().where('contact_way_id', '=', code.id).orderBy('id').execute();
    expect(records.map((r) => [r.userid, r.kind, r.action])).toEqual([
      [members[0]!.userid, 'code_cap', 'offline'],
      [members[1]!.userid, 'code_cap', 'offline'],
    ]);
    expect(records[0]!.reason).toContain('达到每日上限 2 人');
    expect(await db().selectFrom('notification').selectAll().where('work_space_id', '=', corp.wsId).execute()).toHaveLength(2);

    // The list shows today's figures.
    const list = await api('/api/qw/lxw/list', {});
    expect(list.data.list.find((c: any) => c.id === code.id)).toMatchObject({ addsToday: 5, addsTotal: 5 });
    const customers = await api('/api/qw/lxw/customer/list', { id: code.id });
    expect(customers.data.total).toBe(5);
    expect(customers.data.list[0]).toMatchObject({ welcomeStatus: 'sent', tagNames: [expect.any(String)] });
  });

  it('puts the capped members back the next day (business clock) with automatic records', async () => {
    const tomorrow = dayStart(h.server.services.clock.now()) + DAY_MS + 60_000;
    h.server.services.clock.set(tomorrow);
    await h.server.services.scheduler.trigger('risk');
    await h.server.services.jobs.idle();
    expect((await wayOf(code.configId)).user).toEqual([members[0]!.userid]);
    const online = await db().selectFrom('risk_record').selectAll().where('contact_way_id', '=', code.id).where('action', '=', 'online').execute();
    expect(online).toHaveLength(2);
    expect(online.every((r) => r.auto === 1)).toBe(true);
    const m = await api('/api/qw/lxw/member/list', { id: code.id });
    expect(m.data.list.find((x: any) => x.userid === members[0]!.userid)).toMatchObject({ addsToday: 0, receiving: true, offlineReasons: [] });
  });

  it('counts the day’s figures, member figures and retention', async () => {
    const yesterday = dayKey(h.server.services.clock.now() - DAY_MS);
    const today = dayKey(h.server.services.clock.now());
    const days = await api('/api/qw/lxw/data/day', { id: code.id, start: yesterday, end: today });
    expect(days.status, days.message).toBe(200);
    expect(days.data.list).toEqual([
      { date: yesterday, adds: 5, newCustomers: 5, lostByMember: 0, lostByCustomer: 0, net: 5 },
      { date: today, adds: 0, newCustomers: 0, lostByMember: 0, lostByCustomer: 0, net: 0 },
    ]);
    const figures = await api('/api/qw/lxw/memberData', { id: code.id });
    expect(figures.data.list.map((f: any) => [f.userid, f.adds])).toEqual(
      expect.arrayContaining([[members[0]!.userid, 2], [members[1]!.userid, 2], [members[2]!.userid, 1]]),
    );
    const keep = await api('/api/qw/lxw/keep/data', { id: code.id, start: yesterday, end: today });
    // Added yesterday, measured a day later: still all there; today's not measurable yet.
    expect(keep.data.list).toEqual([
      { date: yesterday, adds: 5, day1: null, day7: null, day30: null },
      { date: today, adds: 0, day1: null, day7: null, day30: null },
    ]);
    const overview = await api('/api/qw/lxw/date', { id: code.id });
    expect(overview.data).toMatchObject({ addsToday: 0, addsYesterday: 5, addsTotal: 5, netTotal: 5 });
    const bad = await api('/api/qw/lxw/data/day', { id: code.id, start: today, end: yesterday });
    expect(bad).toMatchObject({ status: 400, message: '结束日期不能早于开始日期' });
  });

  it('follows the operator’s switch at once', async () => {
    const r = await api('/api/qw/lxw/member/state/update', { id: code.id, userid: members[0]!.userid, online: false });
    expect(r.status, r.message).toBe(200);
    expect(r.data.receivingUsers).toEqual([members[1]!.userid]);
    expect((await wayOf(code.configId)).user).toEqual([members[1]!.userid]);
    expect(r.data.list.find((x: any) => x.userid === members[0]!.userid).offlineReasons).toEqual(['已手动下线']);
    expect((await api('/api/qw/lxw/member/state/update', { id: code.id, userid: 'nobody', online: true })).status).toBe(404);
  });

  it('records deletions either way for retention', async () => {
    const rows = await addsOf(code.id);
    const [a, b] = rows;
    expect((await h.simCall('POST', `/control/corps/${corp.corpId}/customer-deletes-member`, { userid: a!.userid, externalUserid: a!.external_userid })).status).toBe(200);
    expect((await h.simCall('POST', `/control/corps/${corp.corpId}/delete-customer`, { userid: b!.userid, externalUserid: b!.external_userid })).status).toBe(200);
    await until('deletions recorded', async () => {
      const r = await addsOf(code.id);
      return r[0]!.deleted_by_customer_at !== null && r[1]!.deleted_by_member_at !== null;
    });
    const overview = await api('/api/qw/lxw/date', { id: code.id });
    expect(overview.data).toMatchObject({ addsTotal: 5, lostToday: 2, lostTotal: 2, netTotal: 3 });
  });
});

describe('distribution', () => {
  it('round robin hands each new customer to the next member', async () => {
    const r = await api('/api/qw/lxw/add', codeInput({ name: '轮流', members: members.slice(3, 6).map((m) => ({ userid: m.userid })), distribution: 'round_robin', dailyCap: 0, tagIds: [], welcome: { text: '', materialIds: [] } }));
    expect(r.status, r.message).toBe(200);
    const got: string[] = [];
    for (let i = 1; i <= 4; i++) got.push((await scan(r.data.configId, i, r.data.id)).userid);
    expect(got).toEqual([members[3], members[4], members[5], members[3]].map((m) => m!.userid));
    expect((await addsOf(r.data.id)).every((a) => a.welcome_status === 'none' && a.tag_status === 'none')).toBe(true);
  });

  it('random lists every eligible member and lets WeCom choose', async () => {
    const r = await api('/api/qw/lxw/add', codeInput({ name: '随机', distribution: 'random', members: members.slice(0, 3).map((m) => ({ userid: m.userid })) }));
    expect(r.status, r.message).toBe(200);
    // The first member is switched off on the first code only: per code.
    expect((await wayOf(r.data.configId)).user).toEqual(members.slice(0, 3).map((m) => m.userid));
  });
});

describe('editing, groups and deleting', () => {
  it('raising a cap puts a capped member back; groups hold codes', async () => {
    const r = await api('/api/qw/lxw/add', codeInput({ name: '上限调整', dailyCap: 1, members: [{ userid: members[6]!.userid }, { userid: members[7]!.userid }] }));
    expect(r.status, r.message).toBe(200);
    await scan(r.data.configId, 1, r.data.id);
    expect((await wayOf(r.data.configId)).user).toEqual([members[7]!.userid]);
    const g = await api('/api/qw/lxw/group/add', { name: '线上渠道' });
    expect(g.status, g.message).toBe(200);
    expect((await api('/api/qw/lxw/group/add', { name: '线上渠道' })).status).toBe(409);
    const u = await api('/api/qw/lxw/update', { id: r.data.id, ...codeInput({ name: '上限调整', dailyCap: 3, groupId: g.data.id, members: [{ userid: members[6]!.userid }, { userid: members[7]!.userid }] }) });
    expect(u.status, u.message).toBe(200);
    expect(u.data).toMatchObject({ dailyCap: 3, groupId: g.data.id, groupName: '线上渠道', receivingUsers: [members[6]!.userid] });
    expect((await wayOf(r.data.configId)).user).toEqual([members[6]!.userid]);
    const groups = await api('/api/qw/lxw/group/find', {});
    expect(groups.data.list).toEqual([{ id: g.data.id, name: '线上渠道', count: 1 }]);
    expect((await api('/api/qw/lxw/list', { groupId: g.data.id })).data.total).toBe(1);
    expect((await api('/api/qw/lxw/group/delete', { id: g.data.id })).status).toBe(200);
    expect((await api('/api/qw/lxw/info', { id: r.data.id })).data.groupId).toBeNull();

    const d = await api('/api/qw/lxw/del', { id: r.data.id });
    expect(d.status, d.message).toBe(200);
    expect(await wayOf(r.data.configId)).toBeUndefined();
    expect((await api('/api/qw/lxw/info', { id: r.data.id })).status).toBe(404);
  });

  it('downloads the QR as PNG', async () => {
    const code = (await api('/api/qw/lxw/list', {})).data.list[0];
    const res = await fetch(`${h.baseUrl}/api/qw/lxw/qrcode`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...corp.headers },
      body: JSON.stringify({ id: code.id }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(`${code.name}.png`));
  });
});

describe('bad input, tenancy and child accounts', () => {
  it('refuses what cannot work with a Chinese 400 and leaves nothing behind', async () => {
    const before = (await snapshot()).contactWays.length;
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ members: [] }, /^参数错误/],
      [{ members: [{ userid: members[0]!.userid, backup: true }] }, '至少需要一位接待成员（备用成员之外）'],
      [{ members: [{ userid: 'ghost' }] }, '成员 ghost 不存在，请先同步成员'],
      [{ members: [{ userid: members[0]!.userid }, { userid: members[0]!.userid }] }, `成员 ${members[0]!.userid} 重复`],
      [{ tagIds: ['no-such-tag'] }, '标签不存在或已删除，请先同步企业标签'],
      [{ welcome: { text: '好'.repeat(1400), materialIds: [] } }, /欢迎语文字过长/],
      [{ schedule: [{ weekdays: [1], start: '18:00', end: '09:00' }] }, /结束时间须晚于开始时间/],
      [{ welcome: { text: '', materialIds: [999999] } }, /素材不存在或已删除/],
    ];
    for (const [over, message] of cases) {
      const r = await api('/api/qw/lxw/add', codeInput(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.message).toMatch(message);
    }
    expect((await api('/api/qw/lxw/add', codeInput({ groupId: 99999 }))).status).toBe(404);
    expect((await snapshot()).contactWays.length).toBe(before);
  });

  it('hides one tenant’s codes from another and refuses children without the permission', async () => {
    const code = (await api('/api/qw/lxw/list', {})).data.list[0];
    const other = await h.register(uniquePhone());
    const otherCorp = await connectCorp(h, other, { seed: 'channel-other' });
    // Naming someone else's work space, or their code through one's own.
    expect((await h.api('/api/qw/lxw/info', { id: code.id }, other, corp.headers)).status).toBe(404);
    expect((await h.api('/api/qw/lxw/info', { id: code.id }, other, otherCorp.headers)).status).toBe(404);
    expect((await h.api('/api/qw/lxw/del', { id: code.id }, other, otherCorp.headers)).status).toBe(404);

    const account = `cwkid${process.pid % 1000}`;
    const c = await createChild(h, { account, password: 'kidpass1', permissionKeys: ['staff'] }, token);
    expect(c.status, c.message).toBe(200);
    const kid = (await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).data.token;
    expect((await api('/api/qw/lxw/list', {}, kid)).status).toBe(403);
    expect((await api('/api/qw/lxw/add', codeInput(), kid)).status).toBe(403);
    // The member picker serves the staff page too.
    expect((await api('/api/qw/member/find', {}, kid)).status).toBe(200);
  });
});
