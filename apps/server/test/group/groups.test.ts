// 客户群 against the simulator: the list with owner names, customers vs staff and today's joins and
// quits from change_external_chat events (counted once even when an event is processed twice), the
// filters by owner, name and customer tag, the detail with join scene, inviter and 30-day trend, the
// sync job with progress, and other tenants' groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, settle, until, type ConnectedCorp } from '../helpers/corp.js';
import { corpCalls, corpWorld, type CorpWorld } from '../helpers/corp-world.js';

let h: Harness;
let corp: ConnectedCorp;
let members: Array<{ userid: string; name: string }>;
let world: CorpWorld;

const { api, control, snapshot } = corpCalls(() => world);
const list = async (body: object = {}) => {
  const r = await api('/api/qw/group/list', body);
  expect(r.status, r.message).toBe(200);
  return r.data as { list: any[]; total: number; sync: any };
};
const rowOf = async (chatId: string) => (await list({ pageSize: 100 })).list.find((g) => g.chatId === chatId);

beforeAll(async () => {
  world = await corpWorld('groups-list', { members: 5, customers: 12, groups: 3, tags: 3 });
  ({ h, corp, members } = world);
}, 60_000);
afterAll(() => h?.close());

describe('the group list', () => {
  it('lists the synced groups with owner names and customers vs staff, as WeCom has them', async () => {
    const snap = await snapshot();
    const data = await list();
    expect(data.total).toBe(snap.groups.length);
    for (const g of snap.groups) {
      const row = data.list.find((r) => r.chatId === g.chat_id);
      const owner = snap.members.find((m: any) => m.userid === g.owner);
      expect(row).toMatchObject({
        name: g.name,
        owner: g.owner,
        ownerName: owner.name,
        memberCount: g.member_list.length,
        customerCount: g.member_list.filter((m: any) => m.type === 2).length,
        staffCount: g.member_list.filter((m: any) => m.type === 1).length,
        createTime: g.create_time * 1000,
        todayJoins: 0,
        todayQuits: 0,
      });
    }
    expect(data.sync.status).toBe('done');
  });

  it('counts today\'s joins and quits from the events, once even when an event is processed twice', async () => {
    const snap = await snapshot();
    const customer = snap.customers[0];
    const [owner, inviter] = members;
    const created = await control('group-create', { owner: owner!.userid, name: '周末活动群' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const chatId = created.body.chatId as string;
    await until('group stored', async () => !!(await rowOf(chatId)));
    expect((await control('group-join', { chatId, externalUserid: customer.external_userid, joinScene: 2, invitor: inviter!.userid })).status).toBe(200);
    expect((await control('group-join', { chatId, joinScene: 3 })).status).toBe(200);
    await settle(h);
    // the events are delivered after the control call answers: wait for them and the group's re-read
    await until('joins counted', async () => {
      const r = await rowOf(chatId);
      return r?.todayJoins === 2 && r.memberCount === 3;
    });
    await settle(h);

    // WeCom delivers again, or a job runs twice: the stored event processed once more counts nothing new
    const db = h.server.database.kysely;
    const events = await db.selectFrom('callback_event').selectAll().where('work_space_id', '=', corp.wsId).orderBy('id', 'desc').execute();
    const join = events.find((e) => e.raw_xml.includes('add_member') && e.raw_xml.includes(chatId))!;
    await h.server.services.callbacks.process(join);
    await h.server.services.callbacks.process(join);
    const row = await rowOf(chatId);
    expect(row).toMatchObject({ todayJoins: 2, todayQuits: 0, customerCount: 2, staffCount: 1, memberCount: 3 });

    expect((await control('group-leave', { chatId, userid: customer.external_userid, quitScene: 0 })).status).toBe(200);
    await settle(h);
    await until('quit counted', async () => {
      const r = await rowOf(chatId);
      return r?.todayQuits === 1 && r.customerCount === 1;
    });
    await settle(h);
    expect(await rowOf(chatId)).toMatchObject({ todayJoins: 2, todayQuits: 1, customerCount: 1 });

    // the customer's timeline has the join and the quit, once each
    const timeline = await db.selectFrom('customer_event').selectAll().where('external_userid', '=', customer.external_userid).where('kind', 'in', ['group_join', 'group_quit']).execute();
    expect(timeline.map((e) => e.kind).sort()).toEqual(['group_join', 'group_quit']);
    expect(JSON.parse(timeline.find((e) => e.kind === 'group_join')!.detail)).toEqual({ chatId, scene: 2 });
    // the outsider who came by QR code is nobody's customer: no timeline for them
    const joinsHere = (await db.selectFrom('customer_event').select('detail').where('work_space_id', '=', corp.wsId).where('kind', '=', 'group_join').execute()).filter(
      (e) => JSON.parse(e.detail).chatId === chatId,
    );
    expect(joinsHere).toHaveLength(1);

    const stored = await db.selectFrom('group_event').selectAll().where('chat_id', '=', chatId).execute();
    expect(stored.map((e) => e.kind).sort()).toEqual(['join', 'join', 'quit']);
    expect(JSON.parse(stored.find((e) => e.kind === 'quit')!.member_ids)).toEqual([customer.external_userid]);
  });

  it('filters by owners, name and customer tag, paged with the total', async () => {
    const snap = await snapshot();
    const owner = snap.groups[0].owner as string;
    const byOwner = await list({ owners: [owner] });
    expect(byOwner.total).toBe(snap.groups.filter((g: any) => g.owner === owner).length);
    expect(byOwner.list.every((g) => g.owner === owner)).toBe(true);
    const both = await list({ owners: [owner, members.find((m) => m.userid !== owner)!.userid] });
    expect(both.total).toBeGreaterThanOrEqual(byOwner.total);

    const byName = await list({ name: '周末活动' });
    expect(byName.list.map((g) => g.name)).toEqual(['周末活动群']);
    expect((await list({ name: '没有这样的群%' })).total).toBe(0);

    const paged = await list({ pageSize: 1, page: 2 });
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBe(snap.groups.length);

    // a group holding a customer with a corp tag matches that tag; one with no such customer does not
    const tagged = snap.customers.find((c: any) => c.follow_user.some((f: any) => f.tags.length));
    expect(tagged).toBeTruthy();
    const tagId = tagged.follow_user.find((f: any) => f.tags.length).tags[0].tag_id as string;
    const withTag = (await control('group-create', { owner: members[0]!.userid, name: '标签群', externalUserids: [tagged.external_userid] })).body.chatId;
    const without = (await control('group-create', { owner: members[0]!.userid, name: '空群' })).body.chatId;
    await settle(h);
    await until('groups stored', async () => !!(await rowOf(withTag)) && !!(await rowOf(without)));
    const byTag = await list({ tagIds: [tagId], pageSize: 100 });
    expect(byTag.list.map((g) => g.chatId)).toContain(withTag);
    expect(byTag.list.map((g) => g.chatId)).not.toContain(without);
    expect(byTag.total).toBe(byTag.list.length);
  });

  it('refuses bad filters with a Chinese message', async () => {
    const r = await api('/api/qw/group/list', { owners: Array.from({ length: 101 }, (_, i) => `u${i}`) });
    expect(r.status).toBe(400);
    expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await api('/api/qw/group/list', { pageSize: 0 })).status).toBe(400);
  });
});

describe('a group\'s detail', () => {
  it('lists members with type, join time, join scene in Chinese and inviter, and a 30-day trend', async () => {
    const chatId = (await list({ name: '周末活动群' })).list[0].chatId;
    const r = await api('/api/qw/group/detail', { chatId });
    expect(r.status, r.message).toBe(200);
    const d = r.data;
    expect(d.group).toMatchObject({ chatId, name: '周末活动群', ownerName: members[0]!.name, todayJoins: 2, todayQuits: 1 });
    const snapGroup = (await snapshot()).groups.find((g: any) => g.chat_id === chatId);
    expect(d.members.map((m: any) => m.id).sort()).toEqual(snapGroup.member_list.map((m: any) => m.userid).sort());
    const owner = d.members.find((m: any) => m.type === 1);
    // WeCom gives the owner a join scene like anyone's; the owner created the group and is shown so.
    expect(owner).toMatchObject({ id: members[0]!.userid, name: members[0]!.name, joinSceneText: '群主' });
    const guest = d.members.find((m: any) => m.type === 2);
    expect(guest).toMatchObject({ joinScene: 3, joinSceneText: '扫描群二维码入群', invitor: members[0]!.userid, invitorName: members[0]!.name });
    expect(guest.joinTime).toBeGreaterThan(0);
    expect(d.trend).toHaveLength(30);
    expect(d.trend.at(-1)).toMatchObject({ joins: 2, quits: 1 });
    expect(d.trend.slice(0, -1).every((x: any) => x.joins === 0 && x.quits === 0)).toBe(true);
    expect(d.trend[0].day < d.trend.at(-1).day).toBe(true);
  });

  it('answers 404 for an unknown group and for another tenant\'s', async () => {
    expect((await api('/api/qw/group/detail', { chatId: 'wrnope' })).status).toBe(404);
    const chatId = (await list()).list[0].chatId;
    const other = await h.register(uniquePhone());
    const theirs = await connectCorp(h, other, { seed: 'groups-other', size: { members: 3, customers: 3, groups: 1, tags: 1 } });
    expect((await api('/api/qw/group/detail', { chatId }, other, theirs.headers)).status).toBe(404);
    expect((await api('/api/qw/group/detail', { chatId }, other, corp.headers)).status).toBe(404);
    expect((await api('/api/qw/group/list', {}, other, corp.headers)).status).toBe(404);
  });
});

describe('a group re-read after an event', () => {
  it('keeps the status stored from WeCom\'s list (e.g. 离职继承完成): the single read does not carry one', async () => {
    const chat = (await snapshot()).groups[0];
    const db = h.server.database.kysely;
    await db.updateTable('group_chat').set({ status: 3 }).where('work_space_id', '=', corp.wsId).where('chat_id', '=', chat.chat_id).execute();
    const before = (await rowOf(chat.chat_id)).memberCount;
    expect((await control('group-join', { chatId: chat.chat_id, joinScene: 3 })).status).toBe(200);
    const row = await until('the group re-read', async () => {
      await settle(h);
      const r = await rowOf(chat.chat_id);
      return r?.memberCount === before + 1 && r;
    });
    expect(row.status).toBe(3);
  });
});

describe('sync', () => {
  it('re-reads the groups from WeCom as a job whose progress the list shows', async () => {
    // a group WeCom has but the server was never told of (no callback configured at the time)
    await control('callback', { url: '' });
    const hidden = (await control('group-create', { owner: members[1]!.userid, name: '未通知的群' })).body.chatId;
    expect(await rowOf(hidden)).toBeUndefined();
    const r = await api('/api/qw/group/sync', {});
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ status: 'running', phase: 'group' });
    const done = await until('sync done', async () => {
      const d = await list({ pageSize: 100 });
      return d.sync.status === 'done' && d;
    });
    expect(done.sync.percent).toBe(100);
    expect(done.list.find((g) => g.chatId === hidden)).toMatchObject({ name: '未通知的群', ownerName: members[1]!.name, staffCount: 1 });
    expect(done.total).toBe((await snapshot()).groups.length);
  });

  it('reads the groups asked for while another sync runs, and shows 同步中 until it has', async () => {
    // The callback is still off: only a sync can find this group.
    const hidden = (await control('group-create', { owner: members[2]!.userid, name: '排队时新建的群' })).body.chatId;
    const jobs = () => h.server.database.kysely.selectFrom('job').select(['status', 'payload']).where('singleton_key', '=', `sync:${corp.wsId}`).where('status', 'in', ['queued', 'running']).execute();
    // A member re-sync held up by a slow department list…
    await h.simCall('POST', '/control/faults', { kind: 'latency', corpId: corp.corpId, path: 'department/list', ms: 3000, count: 1 });
    expect((await api('/api/qw/member/sync', {})).status).toBe(200);
    await until('member sync running', async () => (await jobs()).some((j) => j.status === 'running'));
    // …a second one waiting behind it, and the group sync asked while both are there: it joins the waiting one.
    expect((await api('/api/qw/member/sync', {})).status).toBe(200);
    expect((await api('/api/qw/group/sync', {})).status).toBe(200);
    const waiting = (await jobs()).filter((j) => j.status === 'queued');
    expect(waiting.map((j) => JSON.parse(j.payload).phases)).toEqual([['department', 'member', 'group']]);
    // The first sync's end is not shown as 完成: the list says 同步中 until the group is read.
    const done = await until('both syncs done', async () => {
      const d = await list({ pageSize: 100 });
      return d.sync.status === 'done' && d;
    }, 30_000);
    expect(done.list.find((g) => g.chatId === hidden)).toMatchObject({ name: '排队时新建的群', ownerName: members[2]!.name });
    expect(await jobs()).toEqual([]);
  });
});
