// /api/qw/tag/*: edits made in the console reach WeCom (the simulator's snapshot) and our list; edits
// made in WeCom's console reach our list through change_external_tag; a deleted tag leaves the
// customers; counts; WeCom's refusals in Chinese; other tenants and children without 'tag' refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, settle, until, type ConnectedCorp } from '../helpers/corp.js';
import { createChild } from '../helpers/child.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;

const db = () => h.server.database.kysely;
const api = (path: string, body?: unknown, t = token) => h.api(path, body, t, corp.headers);

interface SimGroup { group_id: string; group_name: string; order: number; tag: Array<{ id: string; name: string; order: number }> }
const simGroups = async (): Promise<SimGroup[]> => (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body.tagGroups;
const ourList = async (counts = false) => {
  const r = await api('/api/qw/tag/list', counts ? { counts: true } : {});
  expect(r.status, r.message).toBe(200);
  return r.data.list as Array<{ groupId: string; groupName: string; order: number; tags: Array<{ id: string; name: string; order: number; customers?: number }> }>;
};
const tagEdit = (body: Record<string, unknown>) => h.simCall('POST', `/control/corps/${corp.corpId}/tag-edit`, body);

/** Live relations carrying each tag, counted from the simulator (WeCom's truth). */
async function simCounts(): Promise<Map<string, number>> {
  const snap = (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body as {
    customers: Array<{ external_userid: string; follow_user: Array<{ tags: Array<{ tag_id: string }> }> }>;
  };
  const out = new Map<string, Set<string>>();
  for (const c of snap.customers) {
    for (const f of c.follow_user) for (const t of f.tags ?? []) (out.get(t.tag_id) ?? out.set(t.tag_id, new Set()).get(t.tag_id)!).add(c.external_userid);
  }
  return new Map([...out].map(([k, v]) => [k, v.size]));
}

beforeAll(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'tag-edit', size: { members: 4, customers: 30, groups: 1, tags: 3 } });
}, 60_000);
afterAll(() => h?.close());

describe('edits from the console', () => {
  it('creates a group with two tags in WeCom and in our list', async () => {
    const r = await api('/api/qw/tag/add', { groupName: '会员层级', order: 5, tags: [{ name: '重要' }, { name: '普通' }] });
    expect(r.status, r.message).toBe(200);
    expect(r.data.tags.map((t: { name: string }) => t.name)).toEqual(['重要', '普通']);
    const sim = (await simGroups()).find((g) => g.group_id === r.data.groupId)!;
    expect(sim.group_name).toBe('会员层级');
    expect(sim.tag.map((t) => t.name).sort()).toEqual(['普通', '重要']);
    const ours = (await ourList()).find((g) => g.groupId === r.data.groupId)!;
    expect(ours.tags.map((t) => t.id).sort()).toEqual(sim.tag.map((t) => t.id).sort());
  });

  it('adds a tag to a group, renames and reorders tags and groups', async () => {
    const group = (await ourList()).find((g) => g.groupName === '会员层级')!;
    const added = await api('/api/qw/tag/add', { groupId: group.groupId, tags: [{ name: '潜在', order: 9 }] });
    expect(added.status, added.message).toBe(200);
    const id = added.data.tags[0].id as string;
    expect((await api('/api/qw/tag/update', { id, name: '潜在客户' })).status).toBe(200);
    expect((await api('/api/qw/tag/update/group', { groupId: group.groupId, name: '客户分级', order: 1000 })).status).toBe(200);

    const sim = (await simGroups()).find((g) => g.group_id === group.groupId)!;
    expect(sim).toMatchObject({ group_name: '客户分级', order: 1000 });
    expect(sim.tag.find((t) => t.id === id)).toMatchObject({ name: '潜在客户', order: 9 });
    const list = await ourList();
    // a larger order first: the group comes first, and its tag of order 9 first within it
    expect(list[0]).toMatchObject({ groupId: group.groupId, groupName: '客户分级', order: 1000 });
    expect(list[0]!.tags[0]).toMatchObject({ id, name: '潜在客户', order: 9 });
  });

  it('deletes a tag from WeCom, our list, follow_tag and the customer’s tags; the last tag takes its group', async () => {
    // a tag that customers carry
    const counts = await simCounts();
    const [tagId] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect(counts.get(tagId)).toBeGreaterThan(0);
    expect(await db().selectFrom('follow_tag').select('tag_id').where('tag_id', '=', tagId).execute()).not.toHaveLength(0);

    const r = await api('/api/qw/tag/delete', { tagIds: [tagId] });
    expect(r.status, r.message).toBe(200);
    expect((await simGroups()).flatMap((g) => g.tag.map((t) => t.id))).not.toContain(tagId);
    expect((await ourList()).flatMap((g) => g.tags.map((t) => t.id))).not.toContain(tagId);
    expect(await db().selectFrom('follow_tag').select('tag_id').where('work_space_id', '=', corp.wsId).where('tag_id', '=', tagId).execute()).toHaveLength(0);
    const relations = await db().selectFrom('follow_relation').select('tag_ids').where('work_space_id', '=', corp.wsId).execute();
    expect(relations.some((f) => f.tag_ids.includes(tagId))).toBe(false);
    // the customer list agrees with WeCom after a re-read of a customer
    expect((await simCounts()).has(tagId)).toBe(false);

    const lone = await api('/api/qw/tag/add', { groupName: '临时', tags: [{ name: '只有一个' }] });
    expect((await api('/api/qw/tag/delete', { tagIds: [lone.data.tags[0].id] })).status).toBe(200);
    expect((await simGroups()).some((g) => g.group_id === lone.data.groupId)).toBe(false);
    expect((await ourList()).some((g) => g.groupId === lone.data.groupId)).toBe(false);
  });

  it('deletes a whole group', async () => {
    const g = await api('/api/qw/tag/add', { groupName: '活动', tags: [{ name: '双十一' }, { name: '618' }] });
    expect((await api('/api/qw/tag/delete/group', { groupIds: [g.data.groupId] })).status).toBe(200);
    expect((await simGroups()).some((x) => x.group_id === g.data.groupId)).toBe(false);
    expect((await ourList()).some((x) => x.groupId === g.data.groupId)).toBe(false);
  });

  it('counts the customers of each tag as WeCom has them', async () => {
    const expected = await simCounts();
    const list = await ourList(true);
    const tags = list.flatMap((g) => g.tags);
    expect(tags.length).toBeGreaterThan(0);
    for (const t of tags) expect(t.customers, t.name).toBe(expected.get(t.id) ?? 0);
    // pickers ask without counts
    expect((await ourList()).flatMap((g) => g.tags).every((t) => t.customers === undefined)).toBe(true);
  });

  it('serves stored counts and counts again in the background once they are a minute old', async () => {
    const expected = await simCounts();
    const [tagId, n] = [...expected].sort((a, b) => b[1] - a[1])[0]!;
    await db().updateTable('tag_customer_count').set({ customers: 999 }).where('work_space_id', '=', corp.wsId).where('tag_id', '=', tagId).execute();
    const customersOf = async () => (await ourList(true)).flatMap((g) => g.tags).find((t) => t.id === tagId)!.customers;
    expect(await customersOf()).toBe(999); // fresh: as stored
    await db().updateTable('tag_count_state').set({ counted_at: Date.now() - 120_000 }).where('work_space_id', '=', corp.wsId).execute();
    expect(await customersOf()).toBe(999); // stale: still as stored, and a count is queued
    await settle(h);
    expect(await customersOf()).toBe(n);
    const r = await api('/api/qw/tag/list', { counts: true });
    expect(Date.now() - r.data.countedAt).toBeLessThan(60_000);
  });

  it('re-reads the corp tags on sync', async () => {
    const r = await api('/api/qw/tag/sync', {});
    expect(r.status, r.message).toBe(200);
    const sim = await simGroups();
    expect(r.data).toMatchObject({ state: 'done', groups: sim.length, tags: sim.reduce((n, g) => n + g.tag.length, 0) });
  });

  it('keeps its own sync state, apart from the work space\'s full sync (its banner and phase)', async () => {
    const wsSync = async () => (await db().selectFrom('work_space').select(['sync_status', 'sync_progress']).where('id', '=', corp.wsId).executeTakeFirstOrThrow());
    // a full sync is reading the groups: a tag sync meanwhile leaves its state alone
    const running = { sync_status: 'running', sync_progress: JSON.stringify({ phase: 'group', done: 5, total: 10 }) };
    await db().updateTable('work_space').set(running).where('id', '=', corp.wsId).execute();
    const r = await api('/api/qw/tag/sync', {});
    expect(r.status, r.message).toBe(200);
    expect(await wsSync()).toEqual(running);
    await db().updateTable('work_space').set({ sync_status: 'done', sync_progress: JSON.stringify({ phase: '', done: 0, total: 0 }) }).where('id', '=', corp.wsId).execute();

    // the tag page reads the tag sync's own state
    const page = await api('/api/qw/tag/list', { counts: true });
    expect(page.data.sync).toMatchObject({ status: 'done', groups: r.data.groups, tags: r.data.tags, error: null });
    expect(Math.abs(page.data.sync.syncedAt - r.data.syncedAt)).toBeLessThan(5_000);
    expect((await api('/api/qw/tag/list', {})).data.sync).toBeUndefined();

    // WeCom refuses: the refusal in Chinese, kept as the tag sync's state; the work space's untouched
    await h.simCall('POST', '/control/faults', { kind: 'busy', corpId: corp.corpId, path: 'externalcontact/get_corp_tag_list', count: 10 });
    try {
      const failed = await api('/api/qw/tag/sync', {});
      expect(failed.status).toBeGreaterThanOrEqual(400);
      expect(failed.message).toMatch(/[\u4e00-\u9fa5]/);
      const after = (await api('/api/qw/tag/list', { counts: true })).data.sync;
      expect(after).toMatchObject({ status: 'failed', error: failed.message, syncedAt: page.data.sync.syncedAt });
      expect((await wsSync()).sync_status).toBe('done');
      expect(JSON.parse((await wsSync()).sync_progress).phase).toBe('');
    } finally {
      await h.simCall('DELETE', '/control/faults');
    }
    expect((await api('/api/qw/tag/sync', {})).status).toBe(200);
    expect((await api('/api/qw/tag/list', { counts: true })).data.sync.status).toBe('done');
  });
});

describe('edits in WeCom', () => {
  it('follows a tag created, renamed, reordered and deleted in WeCom’s console', async () => {
    const created = await tagEdit({ action: 'create', groupName: '渠道', names: ['抖音', '小红书'] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const groupId = created.body.id as string;
    const group = await until('group created', async () => (await ourList()).find((g) => g.groupId === groupId && g.tags.length === 2));
    const [a, b] = group.tags;

    expect((await tagEdit({ action: 'update', id: a!.id, name: '抖音直播' })).status).toBe(200);
    await until('tag renamed', async () => (await ourList()).flatMap((g) => g.tags).some((t) => t.id === a!.id && t.name === '抖音直播'));

    expect((await tagEdit({ action: 'shuffle', groupId, ids: [b!.id, a!.id] })).status).toBe(200);
    await until('tags reordered', async () => {
      const g = (await ourList()).find((x) => x.groupId === groupId)!;
      return g.tags[0]!.id === b!.id && g.tags[1]!.id === a!.id;
    });

    const groups = (await simGroups()).map((g) => g.group_id);
    const reversed = [...groups].reverse();
    expect((await tagEdit({ action: 'shuffle', ids: reversed })).status).toBe(200);
    await until('groups reordered', async () => (await ourList()).map((g) => g.groupId).join() === reversed.join());

    expect((await tagEdit({ action: 'create', groupId, name: '视频号' })).status).toBe(200);
    await until('tag added', async () => (await ourList()).find((g) => g.groupId === groupId)!.tags.some((t) => t.name === '视频号'));

    expect((await tagEdit({ action: 'delete', id: b!.id })).status).toBe(200);
    await until('tag deleted', async () => !(await ourList()).flatMap((g) => g.tags).some((t) => t.id === b!.id));
    expect((await tagEdit({ action: 'delete', id: groupId })).status).toBe(200);
    await until('group deleted', async () => !(await ourList()).some((g) => g.groupId === groupId));
    await settle(h);
  });

  it('removes a tag deleted in WeCom from the customers, and applying the event again changes nothing', async () => {
    const counts = await simCounts();
    const [tagId] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect((await tagEdit({ action: 'delete', id: tagId })).status).toBe(200);
    await until('follow_tag rows gone', async () =>
      (await db().selectFrom('follow_tag').select('tag_id').where('work_space_id', '=', corp.wsId).where('tag_id', '=', tagId).execute()).length === 0);
    await settle(h);
    const before = await ourList(true);
    const stored = await db().selectFrom('callback_event').selectAll().where('work_space_id', '=', corp.wsId).where('raw_xml', 'like', '%change_external_tag%').execute();
    expect(stored.length).toBeGreaterThan(3);
    for (const row of stored) await h.server.services.callbacks.process(row);
    expect(await ourList(true)).toEqual(before);
    const relations = await db().selectFrom('follow_relation').select('tag_ids').where('work_space_id', '=', corp.wsId).execute();
    expect(relations.some((f) => f.tag_ids.includes(tagId))).toBe(false);
  });
});

describe('refusals', () => {
  it('answers WeCom’s rules in Chinese', async () => {
    const group = (await ourList())[0]!;
    const taken = group.tags[0]!.name;
    const dup = await api('/api/qw/tag/add', { groupId: group.groupId, tags: [{ name: taken }] });
    expect(dup.status).toBe(400);
    expect(dup.message).toContain('已有标签');
    const long = await api('/api/qw/tag/add', { groupName: '名'.repeat(31), tags: [{ name: 'a' }] });
    expect(long.status).toBe(400);
    expect(long.message).toMatch(/[\u4e00-\u9fa5]/);
    const twice = await api('/api/qw/tag/add', { groupName: '新组', tags: [{ name: '一' }, { name: '一' }] });
    expect(twice.status).toBe(400);
    expect(twice.message).toContain('标签名称重复');
    const rename = await api('/api/qw/tag/update', { id: group.tags[0]!.id, name: group.tags[1]?.name ?? taken });
    if (group.tags[1]) expect(rename.status).toBe(400);
  });

  it('shows WeCom’s own refusal in Chinese (a tag another app deleted: WeCom tells no one)', async () => {
    const g = await api('/api/qw/tag/add', { groupName: '将被删除', tags: [{ name: '甲' }, { name: '乙' }] });
    // another app of the corp deletes it through WeCom's API: no change_external_tag for anyone
    const wecom = `${h.config.wecom.baseUrl}`;
    const { access_token } = (await (await fetch(`${wecom}/gettoken?corpid=${corp.corpId}&corpsecret=${corp.secret}`)).json()) as { access_token: string };
    const del = await fetch(`${wecom}/externalcontact/del_corp_tag?access_token=${access_token}`, { method: 'POST', body: JSON.stringify({ tag_id: [g.data.tags[0].id] }) });
    expect(((await del.json()) as { errcode: number }).errcode).toBe(0);
    const r = await api('/api/qw/tag/update', { id: g.data.tags[0].id, name: '丙' });
    expect(r.status).toBe(400);
    expect(r.message).toContain('标签或标签组不存在');
    // a sync brings our copy in step
    expect((await api('/api/qw/tag/sync', {})).status).toBe(200);
    expect((await ourList()).flatMap((x) => x.tags).some((t) => t.id === g.data.tags[0].id)).toBe(false);
  });

  it('refuses another tenant’s ids and a child without the tag permission', async () => {
    const mine = (await ourList())[0]!;
    const other = await h.register(uniquePhone());
    const otherCorp = await connectCorp(h, other, { seed: 'tag-other', size: { tags: 2 } });
    // someone else's work space
    expect((await h.api('/api/qw/tag/list', {}, other, corp.headers)).status).toBe(404);
    // our ids through their own work space
    const theirs = (body: unknown, path: string) => h.api(path, body, other, otherCorp.headers);
    expect((await theirs({ id: mine.tags[0]!.id, name: 'x' }, '/api/qw/tag/update')).status).toBe(404);
    expect((await theirs({ groupId: mine.groupId, name: 'x' }, '/api/qw/tag/update/group')).status).toBe(404);
    expect((await theirs({ tagIds: [mine.tags[0]!.id] }, '/api/qw/tag/delete')).status).toBe(404);
    expect((await theirs({ groupIds: [mine.groupId] }, '/api/qw/tag/delete/group')).status).toBe(404);
    expect((await theirs({ groupId: mine.groupId, tags: [{ name: 'x' }] }, '/api/qw/tag/add')).status).toBe(404);
    expect((await simGroups()).some((g) => g.group_id === mine.groupId)).toBe(true);

    const account = `tagkid${process.pid % 1000}`;
    const c = await createChild(h, { account, password: 'kidpass1', permissionKeys: ['staff'] }, token);
    expect(c.status, c.message).toBe(200);
    const kid = (await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).data.token;
    expect((await api('/api/qw/tag/add', { groupName: '子账号', tags: [{ name: 'x' }] }, kid)).status).toBe(403);
    expect((await api('/api/qw/tag/delete', { tagIds: [mine.tags[0]!.id] }, kid)).status).toBe(403);
    expect((await api('/api/qw/tag/sync', {}, kid)).status).toBe(403);
    // the list stays readable for the pickers
    expect((await api('/api/qw/tag/list', {}, kid)).status).toBe(200);
  });
});
