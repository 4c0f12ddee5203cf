// 客户详情 against the simulator: a scan of a channel code shows on the customer's record as its source
// (code, member, welcome, tags) and in the timeline; a one-customer-one-code add names its lead and
// batch; deletions either way, groups joined and left, deleted codes, synced customers with no code;
// 404 for unknown and other tenants' customers; child accounts by permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, contactMembers, settle as settleAll, until, type ConnectedCorp } from '../helpers/corp.js';
import { channelCodeBody } from '../helpers/code-world.js';
import { createChild } from '../helpers/child.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;
let members: Array<{ userid: string; name: string }>;
let tag: { id: string; name: string; groupName: string };
let code: { id: number; configId: string; name: string };
let scanned: { externalUserid: string; userid: string };

const api = (path: string, body?: unknown, t = token, headers = corp.headers) => h.api(path, body, t, headers);
const detail = (externalUserid: string, t = token, headers = corp.headers) => api('/api/qw/customer/detail', { externalUserid }, t, headers);
const db = () => h.server.database.kysely;
const snapshot = async () => (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body as any;
const addsOf = (externalUserid: string) =>
  db().selectFrom('contact_way_add').selectAll().where('external_userid', '=', externalUserid).orderBy('id').execute();

const settle = () => settleAll(h);

beforeAll(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'customer-detail', size: { members: 6, customers: 6, groups: 2, tags: 3 } });
  members = await contactMembers(h, corp.corpId);
  const tags = await api('/api/qw/tag/list', {});
  expect(tags.status, tags.message).toBe(200);
  const group = tags.data.list[0];
  tag = { id: group.tags[0].id, name: group.tags[0].name, groupName: group.groupName };
  const r = await api('/api/qw/lxw/add', channelCodeBody('抖音投放', [members[0]!.userid], { tagIds: [tag.id], welcome: { text: '你好#客户昵称#', materialIds: [] } }));
  expect(r.status, r.message).toBe(200);
  code = { id: r.data.id, configId: r.data.configId, name: r.data.name };
}, 60_000);
afterAll(() => h?.close());

describe('a customer who scanned a channel code', () => {
  it('shows the code, the member, the welcome message, the tag and the timeline in order', async () => {
    const s = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: code.configId, name: '李小姐' });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    scanned = s.body;
    await until('add recorded', async () => (await addsOf(scanned.externalUserid)).length === 1);
    await settle();

    const r = await detail(scanned.externalUserid);
    expect(r.status, r.message).toBe(200);
    const d = r.data;
    expect(d).toMatchObject({ externalUserid: scanned.externalUserid, name: '李小姐', type: 1 });
    expect([0, 1, 2]).toContain(d.gender);

    const member = members[0]!;
    expect(d.sources).toHaveLength(1);
    expect(d.sources[0]).toMatchObject({
      kind: 'channel',
      contactWayId: code.id,
      codeName: '抖音投放',
      codeDeleted: false,
      leadId: null,
      batchId: null,
      userid: member.userid,
      memberName: member.name,
      welcomeStatus: 'sent',
      tagStatus: 'done',
      tagNames: [tag.name],
      deletedByCustomerAt: null,
      deletedByMemberAt: null,
    });
    expect(d.sources[0].welcomeAt).toBeGreaterThanOrEqual(d.sources[0].addedAt);

    expect(d.follows).toHaveLength(1);
    expect(d.follows[0]).toMatchObject({
      userid: member.userid,
      memberName: member.name,
      addWay: 1,
      deletedAt: null,
      deletedByCustomerAt: null,
      tags: [{ id: tag.id, name: tag.name, groupName: tag.groupName }],
    });
    expect(d.follows[0].state).toMatch(/^ch_/);
    expect(d.groups).toEqual([]);

    // Newest first: the add is the oldest; each entry carries its kind.
    const texts = d.timeline.map((e: any) => e.text);
    expect(texts).toHaveLength(3);
    expect(texts.at(-1)).toBe(`通过渠道活码「抖音投放」添加成员 ${member.name}`);
    expect(texts).toContain('欢迎语已发送');
    expect(texts).toContain(`打上标签：${tag.name}`);
    expect(d.timeline.map((e: any) => e.kind).sort()).toEqual(['add', 'tag', 'welcome']);
    const ats = d.timeline.map((e: any) => e.at);
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);
  });

  it('shows groups joined and left', async () => {
    const chat = (await snapshot()).groups[0];
    expect((await h.simCall('POST', `/control/corps/${corp.corpId}/group-join`, { chatId: chat.chat_id, externalUserid: scanned.externalUserid })).status).toBe(200);
    await until('joined', async () =>
      db().selectFrom('group_member').select('chat_id').where('member_id', '=', scanned.externalUserid).where('left_at', 'is', null).executeTakeFirst(),
    );
    let d = (await detail(scanned.externalUserid)).data;
    expect(d.groups).toEqual([{ chatId: chat.chat_id, name: chat.name, ownerName: expect.any(String), joinedAt: expect.any(Number), joinScene: 3, leftAt: null }]);
    expect(d.groups[0].ownerName).not.toBe('');
    // WeCom gives join times in whole seconds: the entry is there, not necessarily first.
    expect(d.timeline.filter((e: any) => e.kind === 'group')).toEqual([{ at: d.groups[0].joinedAt, kind: 'group', level: 'info', text: `加入客户群「${chat.name}」` }]);

    expect((await h.simCall('POST', `/control/corps/${corp.corpId}/group-leave`, { chatId: chat.chat_id, userid: scanned.externalUserid })).status).toBe(200);
    await until('left', async () =>
      db().selectFrom('group_member').select('chat_id').where('member_id', '=', scanned.externalUserid).where('left_at', 'is not', null).executeTakeFirst(),
    );
    d = (await detail(scanned.externalUserid)).data;
    expect(d.groups[0].leftAt).toEqual(expect.any(Number));
    expect(d.timeline[0]).toMatchObject({ kind: 'group', level: 'warning', text: `退出客户群「${chat.name}」` });
  });

  it('shows the customer deleting the member once, on the relation, the source and the timeline', async () => {
    const r = await h.simCall('POST', `/control/corps/${corp.corpId}/customer-deletes-member`, { userid: scanned.userid, externalUserid: scanned.externalUserid });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await until('deletion recorded', async () => (await addsOf(scanned.externalUserid))[0]!.deleted_by_customer_at !== null);
    await settle();
    const d = (await detail(scanned.externalUserid)).data;
    const name = members[0]!.name;
    expect(d.follows[0].deletedByCustomerAt).toEqual(expect.any(Number));
    expect(d.follows[0].deletedAt).toBeNull();
    expect(d.sources[0].deletedByCustomerAt).toBe(d.follows[0].deletedByCustomerAt);
    expect(d.timeline[0]).toMatchObject({ kind: 'delete', level: 'error', text: `客户删除了成员 ${name}` });
    expect(d.timeline.filter((e: any) => e.kind === 'delete')).toHaveLength(1);
  });

  it('adds a one-customer-one-code source naming the lead and its batch, and a member’s deletion', async () => {
    const lead = members[1]!;
    const b = await api('/api/qw/customer/code/batch/add', {
      name: '五月线索',
      userid: lead.userid,
      expiresDays: 7,
      tagIds: [],
      welcome: { text: '', materialIds: [] },
      skipVerify: true,
      leads: [{ name: '王女士', phone: '13800000000' }],
    });
    expect(b.status, b.message).toBe(200);
    const way = await until('lead code made', async () =>
      db().selectFrom('contact_way').selectAll().where('kind', '=', 'lead').where('status', '=', 'active').where('work_space_id', '=', corp.wsId).executeTakeFirst(),
    );
    const s = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: way.config_id, externalUserid: scanned.externalUserid });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    await until('lead add recorded', async () => (await addsOf(scanned.externalUserid)).length === 2);
    await settle();

    let d = (await detail(scanned.externalUserid)).data;
    expect(d.sources.map((x: any) => x.kind)).toEqual(['lead', 'channel']);
    expect(d.sources[0]).toMatchObject({
      contactWayId: way.id,
      codeName: '五月线索',
      codeDeleted: false,
      leadName: '王女士',
      leadId: expect.any(Number),
      batchId: way.lead_batch_id,
      userid: lead.userid,
      memberName: lead.name,
      welcomeStatus: 'none',
      tagStatus: 'none',
      tagNames: [],
    });
    expect(d.follows.map((f: any) => f.userid)).toEqual([lead.userid, members[0]!.userid]);
    expect(d.timeline[0]).toMatchObject({ kind: 'add', text: `通过一客一码「五月线索」添加成员 ${lead.name}（线索：王女士）` });

    expect((await h.simCall('POST', `/control/corps/${corp.corpId}/delete-customer`, { userid: lead.userid, externalUserid: scanned.externalUserid })).status).toBe(200);
    await until('member deletion recorded', async () => (await addsOf(scanned.externalUserid))[1]!.deleted_by_member_at !== null);
    await settle();
    d = (await detail(scanned.externalUserid)).data;
    expect(d.follows.find((f: any) => f.userid === lead.userid).deletedAt).toEqual(expect.any(Number));
    // Neither relation is live any more (WeCom's add times have one-second steps: no order to check).
    expect(d.follows.map((f: any) => f.userid).sort()).toEqual([members[0]!.userid, lead.userid].sort());
    expect(d.timeline[0]).toMatchObject({ kind: 'delete', text: `成员 ${lead.name} 删除了客户` });
    expect(d.timeline.filter((e: any) => e.kind === 'delete')).toHaveLength(2);
  });

  it('marks a deleted code', async () => {
    expect((await api('/api/qw/lxw/del', { id: code.id })).status).toBe(200);
    const d = (await detail(scanned.externalUserid)).data;
    const source = d.sources.find((x: any) => x.kind === 'channel');
    expect(source).toMatchObject({ codeName: '抖音投放（已删除）', codeDeleted: true });
    expect(d.timeline.filter((e: any) => e.kind === 'add').at(-1).text).toBe(`通过渠道活码「抖音投放（已删除）」添加成员 ${members[0]!.name}`);
  });
});

describe('a customer synced from WeCom', () => {
  it('has no sources; its relations still make the timeline', async () => {
    const snap = await snapshot();
    const synced = snap.customers.find((c: any) => c.follow_user.length > 0 && c.external_userid !== scanned.externalUserid);
    const r = await detail(synced.external_userid);
    expect(r.status, r.message).toBe(200);
    expect(r.data.sources).toEqual([]);
    expect(r.data.name).toBe(synced.name);
    expect(r.data.follows.map((f: any) => f.userid).sort()).toEqual(synced.follow_user.map((f: any) => f.userid).sort());
    const adds = r.data.timeline.filter((e: any) => e.kind === 'add');
    expect(adds).toHaveLength(synced.follow_user.length);
    for (const e of adds) expect(e.text).toMatch(/^添加成员 \S+(（[^（）]+）)?$/);
    // the add way after the member, never doubled as 「通过视频号添加添加成员」
    const way = synced.follow_user.find((f: any) => f.add_way === 10);
    if (way) expect(adds.map((e: any) => e.text)).toContain(`添加成员 ${snap.members.find((m: any) => m.userid === way.userid).name}（视频号添加）`);
    for (const e of adds) expect(e.text).not.toMatch(/添加添加/);
  });
});

describe('not found, bad input, tenancy and child accounts', () => {
  it('answers 404 for an unknown customer and 400 for a missing id', async () => {
    expect(await detail('wmNoSuchCustomer')).toMatchObject({ status: 404, message: '客户不存在' });
    expect((await api('/api/qw/customer/detail', { externalUserid: '' })).status).toBe(400);
    expect((await api('/api/qw/customer/detail', {})).status).toBe(400);
    expect((await api('/api/qw/customer/detail', { externalUserid: scanned.externalUserid }, token, {})).status).toBe(400);
  });

  it('hides one tenant’s customers from another', async () => {
    const other = await h.register(uniquePhone());
    const otherCorp = await connectCorp(h, other, { seed: 'customer-detail-other', size: { customers: 2 } });
    expect((await detail(scanned.externalUserid, other, otherCorp.headers)).status).toBe(404);
    expect((await detail(scanned.externalUserid, other, corp.headers)).status).toBe(404);
    // And the other tenant's own customer through our work space.
    const theirs = (await h.simCall('GET', `/control/corps/${otherCorp.corpId}/snapshot`)).body.customers[0];
    expect((await detail(theirs.external_userid)).status).toBe(404);
    expect((await detail(theirs.external_userid, other, otherCorp.headers)).status).toBe(200);
  });

  it('lets a child account with a customer or code page read it, and no other', async () => {
    const suffix = process.pid % 1000;
    const login = async (account: string, keys: string[]) => {
      const c = await createChild(h, { account, password: 'kidpass1', permissionKeys: keys }, token);
      expect(c.status, c.message).toBe(200);
      return (await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).data.token as string;
    };
    const staffOnly = await login(`cdkid${suffix}`, ['staff']);
    expect(await detail(scanned.externalUserid, staffOnly)).toMatchObject({ status: 403 });
    for (const [i, key] of ['customer', 'channel-qrcode', 'staff-qrcode', 'customer-qrcode'].entries()) {
      const kid = await login(`cdok${i}x${suffix}`, [key]);
      expect((await detail(scanned.externalUserid, kid)).status, key).toBe(200);
    }
  });
});
