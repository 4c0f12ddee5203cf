// 客户列表 against a seeded simulator corp: every filter and some combinations checked against the
// simulator's own relations (the oracle), paging and totals; a batch tag job applied in WeCom with one
// relation refused; the Excel export read back; remark and tag edits seen in WeCom; tenancy, child
// accounts and bad filters.
import ExcelJS from 'exceljs';
import { DAY_MS, dayKey, dayStart } from '@scrm/contracts/china-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, settle, until, type ConnectedCorp } from '../helpers/corp.js';
import { channelCodeBody } from '../helpers/code-world.js';
import { createChild } from '../helpers/child.js';

interface SimFollow {
  userid: string;
  remark: string;
  description: string;
  createtime: number;
  add_way: number;
  state?: string;
  remark_mobiles: string[];
  tags: Array<{ tag_id: string }>;
  deleted_by_customer?: boolean;
}
interface SimCustomer {
  external_userid: string;
  name: string;
  gender: number;
  follow_user: SimFollow[];
}
interface Rel {
  ext: string;
  userid: string;
  at: number;
  tags: string[];
  addWay: number;
  remark: string;
  gender: number;
  name: string;
  lost: boolean;
}

let h: Harness;
let token: string;
let corp: ConnectedCorp;
let rels: Rel[];
let tagIds: string[];

const api = (path: string, body?: unknown, t = token, headers = corp.headers) => h.api(path, body, t, headers);
const snapshot = async () => (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body as { customers: SimCustomer[] };

function relationsOf(customers: SimCustomer[]): Rel[] {
  return customers.flatMap((c) =>
    c.follow_user.map((f) => ({
      ext: c.external_userid,
      userid: f.userid,
      at: f.createtime * 1000,
      tags: f.tags.map((t) => t.tag_id),
      addWay: f.add_way,
      remark: f.remark,
      gender: c.gender,
      name: c.name,
      lost: Boolean(f.deleted_by_customer),
    })),
  );
}

/** The customers the simulator's relations say a filter finds, latest matching add first. */
function expected(match: (r: Rel) => boolean): string[] {
  const latest = new Map<string, number>();
  for (const r of rels) if (match(r)) latest.set(r.ext, Math.max(latest.get(r.ext) ?? 0, r.at));
  return [...latest.entries()].sort((a, b) => b[1] - a[1]).map(([ext]) => ext);
}

/**
 * Every page of the list for a filter, and the count the last page gave. Read while callbacks may
 * still arrive, a change processed between two pages can make them differ for a moment.
 */
async function pages(filter: Record<string, unknown>) {
  const list: any[] = [];
  for (let page = 1; ; page++) {
    const r = await api('/api/qw/customer/list', { ...filter, page });
    expect(r.status, r.message).toBe(200);
    expect(r.data.totalExact).toBe(true);
    list.push(...r.data.list);
    if (r.data.list.length < r.data.pageSize) return { list, total: r.data.total as number };
  }
}

/** Every page of the list for a filter, once settled: the pages hold as many customers as the count says. */
async function all(filter: Record<string, unknown>) {
  const { list, total } = await pages(filter);
  expect(list).toHaveLength(total);
  return list;
}

async function expectFilter(filter: Record<string, unknown>, match: (r: Rel) => boolean) {
  const want = expected(match);
  const got = await all(filter);
  expect(new Set(got.map((c) => c.externalUserid))).toEqual(new Set(want));
  expect(got.map((c) => c.externalUserid)).toHaveLength(new Set(got.map((c) => c.externalUserid)).size);
  for (let i = 1; i < got.length; i++) expect(got[i - 1].addedAt).toBeGreaterThanOrEqual(got[i].addedAt);
  return got;
}

beforeAll(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'customer-list', size: { members: 5, customers: 45, tags: 4 } });
  rels = relationsOf((await snapshot()).customers);
  tagIds = [...new Set(rels.flatMap((r) => r.tags))].sort();
}, 60_000);
afterAll(() => h?.close());

describe('the list and its filters', () => {
  it('lists every customer once with its follow members and tags, newest add first, paged by 20', async () => {
    expect(rels.length).toBeGreaterThan(20);
    expect(tagIds.length).toBeGreaterThanOrEqual(2);
    const got = await expectFilter({}, () => true);
    const first = (await api('/api/qw/customer/list', {})).data;
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: got.length, totalExact: true });
    expect(first.list).toHaveLength(20);
    const row = got[0];
    const mine = rels.filter((r) => r.ext === row.externalUserid);
    expect(row.follows.map((f: any) => f.userid).sort()).toEqual(mine.map((r) => r.userid).sort());
    expect(row.name).toBe(mine[0]!.name);
    for (const f of row.follows) {
      const r = mine.find((m) => m.userid === f.userid)!;
      expect(f.tags.map((t: any) => t.id).sort()).toEqual([...r.tags].sort());
      expect(f.memberName).not.toBe('');
    }
    const asc = (await api('/api/qw/customer/list', { order: 'asc' })).data.list.map((c: any) => c.externalUserid);
    expect(asc).toHaveLength(20);
    expect(asc[0]).toBe(got[got.length - 1].externalUserid);
  });

  it('filters by several members', async () => {
    const users = [...new Set(rels.map((r) => r.userid))].sort().slice(0, 2);
    await expectFilter({ userids: users }, (r) => users.includes(r.userid));
  });

  it('filters by tags: any, all and none of them', async () => {
    const two = tagIds.slice(0, 2);
    await expectFilter({ tagIds: two, tagMode: 'any' }, (r) => r.tags.some((t) => two.includes(t)));
    await expectFilter({ tagIds: two }, (r) => r.tags.some((t) => two.includes(t)));
    await expectFilter({ tagIds: two, tagMode: 'all' }, (r) => two.every((t) => r.tags.includes(t)));
    await expectFilter({ tagIds: two, tagMode: 'none' }, (r) => !r.tags.some((t) => two.includes(t)));
  });

  it('filters by add time, gender, add way and a word of the name or remark', async () => {
    const times = rels.map((r) => r.at).sort((a, b) => a - b);
    const from = dayStart(times[Math.floor(times.length / 4)]!);
    const to = dayStart(times[Math.floor((times.length * 3) / 4)]!);
    await expectFilter({ addedFrom: dayKey(from), addedTo: dayKey(to) }, (r) => r.at >= from && r.at < to + DAY_MS);
    await expectFilter({ addedFrom: dayKey(to) }, (r) => r.at >= to);
    for (const gender of [0, 1, 2]) await expectFilter({ gender }, (r) => r.gender === gender);
    const way = rels[0]!.addWay;
    await expectFilter({ addWay: way }, (r) => r.addWay === way);
    const named = rels.find((r) => r.name.length >= 2)!;
    const word = named.name.slice(0, 2);
    await expectFilter({ keyword: word }, (r) => r.name.includes(word) || r.remark.includes(word));
    const remarked = rels.find((r) => r.remark.length >= 2);
    if (remarked) await expectFilter({ keyword: remarked.remark }, (r) => r.name.includes(remarked.remark) || r.remark.includes(remarked.remark));
    expect((await all({ keyword: '%' })).length).toBe(expected((r) => r.name.includes('%') || r.remark.includes('%')).length);
  });

  it('combines member, tags and time', async () => {
    const user = rels[0]!.userid;
    const tag = tagIds[0]!;
    const from = dayStart(rels[Math.floor(rels.length / 2)]!.at);
    await expectFilter({ userids: [user], tagIds: [tag], tagMode: 'all', addedFrom: dayKey(from) }, (r) => r.userid === user && r.tags.includes(tag) && r.at >= from);
    await expectFilter({ userids: [user], tagIds: [tag], tagMode: 'none' }, (r) => r.userid === user && !r.tags.includes(tag));
  });

  it('filters by who ended the relation', async () => {
    const lost = rels.find((r) => !r.lost)!;
    await h.simCall('POST', `/control/corps/${corp.corpId}/customer-deletes-member`, { userid: lost.userid, externalUserid: lost.ext });
    const gone = rels.find((r) => r.ext !== lost.ext && !r.lost)!;
    await h.simCall('POST', `/control/corps/${corp.corpId}/delete-customer`, { userid: gone.userid, externalUserid: gone.ext });
    // The callbacks arrive on their own time: waited for through the list's pages (pages(), as a deletion
    // processed between a page and its count may make them differ for a moment; all() checks that once settled).
    const listed = async (status: string) => (await pages({ status })).list.map((c) => c.externalUserid as string);
    await until('deletions recorded', async () => {
      await settle(h);
      return (await listed('deleted_by_customer')).includes(lost.ext) && (await listed('deleted_by_member')).length > 0;
    });
    await settle(h);
    expect((await all({ status: 'deleted_by_member' })).map((c) => c.externalUserid)).toEqual([gone.ext]);
    const live = (await all({ status: 'live' })).map((c) => c.externalUserid);
    const liveWant = expected((r) => !r.lost && !(r.ext === lost.ext && r.userid === lost.userid) && !(r.ext === gone.ext && r.userid === gone.userid));
    expect(new Set(live)).toEqual(new Set(liveWant));
  });

  it("follows a customer's change of gender on every relation, an ended one too", async () => {
    // A customer with two relations: one ended by its member, then the customer's gender changes in WeCom.
    const counts = new Map<string, Rel[]>();
    for (const r of rels) if (!r.lost) counts.set(r.ext, [...(counts.get(r.ext) ?? []), r]);
    const [ended, kept] = [...counts.values()].find((l) => l.length >= 2)!;
    await h.simCall('POST', `/control/corps/${corp.corpId}/delete-customer`, { userid: ended!.userid, externalUserid: ended!.ext });
    const before = ended!.gender;
    const after = before === 1 ? 2 : 1;
    const edit = await h.simCall('POST', `/control/corps/${corp.corpId}/edit-customer`, { userid: kept!.userid, externalUserid: kept!.ext, gender: after });
    expect(edit.status).toBe(200);
    const found = async (filter: Record<string, unknown>) => (await all(filter)).some((c) => c.externalUserid === ended!.ext);
    // Polled through pages(): the edit's callback may be processed between two pages of a read.
    const seen = async (filter: Record<string, unknown>) => (await pages(filter)).list.some((c) => c.externalUserid === ended!.ext);
    await until('the new gender synced', async () => {
      await settle(h);
      return (await seen({ gender: after })) && !(await seen({ gender: before }));
    });
    await settle(h);
    // The ended relation was not written again by the refresh: the customer's change reached it all the same.
    expect(await found({ gender: after, status: 'deleted_by_member', userids: [ended!.userid] })).toBe(true);
    expect(await found({ gender: before, status: 'deleted_by_member', userids: [ended!.userid] })).toBe(false);
    for (const r of rels) if (r.ext === ended!.ext) r.gender = after;
  });

  it('filters by the code a customer came through', async () => {
    const [member] = [...new Set(rels.map((r) => r.userid))];
    const r = await api('/api/qw/lxw/add', channelCodeBody('列表测试码', [member!]));
    expect(r.status, r.message).toBe(200);
    const s = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: r.data.configId, name: '活码客户' });
    expect(s.status).toBe(200);
    await until('added', async () => (await pages({ contactWayIds: [r.data.id] })).list.length === 1);
    const got = await all({ contactWayIds: [r.data.id] });
    expect(got.map((c) => c.externalUserid)).toEqual([s.body.externalUserid]);
    expect(await all({ contactWayIds: [2147483000] })).toEqual([]);
  });

  it("shows a change on a search's later pages at once, though they are kept between pages", async () => {
    const filter = { tagIds: tagIds, tagMode: 'any' };
    const page = async (n: number) => (await api('/api/qw/customer/list', { ...filter, page: n })).data;
    // A search read within a second of a write is not kept (customer-searches.ts): this one is.
    await new Promise((r) => setTimeout(r, 1100));
    const first = await page(1);
    expect(first.total).toBeGreaterThan(20);
    const second = await page(2);
    expect(second.total).toBe(first.total);
    // Every tag of the search taken off a customer of the second page (one whose tagged relations are
    // all live: WeCom edits no other): it leaves the list.
    const held = (f: any) => f.tags.some((t: any) => tagIds.includes(t.id));
    const gone = second.list.find((c: any) => c.follows.filter(held).every((f: any) => f.status === 'live'));
    for (const f of gone.follows.filter(held)) {
      const mine = f.tags.map((t: any) => t.id).filter((id: string) => tagIds.includes(id));
      const r = await api('/api/qw/customer/tag/mark', { externalUserid: gone.externalUserid, userid: f.userid, addTagIds: [], removeTagIds: mine });
      expect(r.status, r.message).toBe(200);
    }
    const after = await page(2);
    expect(after.total).toBe(first.total - 1);
    const ids = (l: any[]) => l.map((c) => c.externalUserid);
    expect(ids(after.list).slice(0, 19)).toEqual(ids(second.list).filter((id) => id !== gone.externalUserid));
  });

  it('refuses filters that mean nothing, in Chinese', async () => {
    const bad = async (body: unknown) => {
      const r = await api('/api/qw/customer/list', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
    };
    await bad({ addedFrom: '2026-05-02', addedTo: '2026-05-01' });
    await bad({ addedFrom: '2026-13-45' });
    await bad({ addedFrom: 1000 });
    await bad({ tagMode: 'all' });
    await bad({ addWay: 999 });
    await bad({ tagMode: 'some', tagIds: ['x'] });
    await bad({ page: 100_000 });
    await bad({ userids: Array.from({ length: 201 }, (_, i) => `u${i}`) });
  });
});

describe('batch tags', () => {
  it('adds a tag to the relations a filter finds, through WeCom, listing the one WeCom refused', async () => {
    rels = relationsOf((await snapshot()).customers);
    const [have, add] = tagIds;
    const filter = { tagIds: [have], status: 'live' };
    const targets = rels.filter((r) => r.tags.includes(have!) && !r.lost);
    expect(targets.length).toBeGreaterThan(1);
    // The first relation handled fails every try (1 + the client's 3 retries).
    const fault = await h.simCall('POST', '/control/faults', { kind: 'busy', corpId: corp.corpId, path: 'externalcontact/mark_tag', count: 4 });
    expect(fault.status).toBe(200);
    const start = await api('/api/qw/customer/batch/tag', { filter, addTagIds: [add], removeTagIds: [] });
    expect(start.status, start.message).toBe(200);
    const done = await until('batch done', async () => {
      const r = await api('/api/qw/customer/batch/info', { id: start.data.id });
      return r.data.status !== 'running' && r.data;
    }, 60_000);
    await h.simCall('DELETE', '/control/faults');
    expect(done).toMatchObject({ status: 'done', total: targets.length, done: targets.length - 1, failed: 1 });
    expect(done.failures).toHaveLength(1);
    expect(done.failures[0]).toMatchObject({ error: '企业微信系统繁忙，请稍后再试' });
    expect(done.failures[0].customerName).not.toBe('');
    expect(done.failures[0].memberName).not.toBe('');

    const after = relationsOf((await snapshot()).customers);
    const failed = (r: Rel) => r.ext === done.failures[0].externalUserid && r.userid === done.failures[0].userid;
    for (const t of targets) {
      const now = after.find((r) => r.ext === t.ext && r.userid === t.userid)!;
      expect(now.tags.includes(add!), `${t.ext}/${t.userid}`).toBe(!failed(t) || t.tags.includes(add!));
    }
    // Our copy follows: the list filters by the new tag exactly as WeCom has it.
    rels = after;
    await expectFilter({ tagIds: [add, have], tagMode: 'all' }, (r) => r.tags.includes(add!) && r.tags.includes(have!));
    const events = await h.server.database.kysely.selectFrom('customer_event').selectAll().where('kind', '=', 'tag').where('work_space_id', '=', corp.wsId).execute();
    expect(events.filter((e) => JSON.parse(e.detail).batchId === start.data.id)).toHaveLength(targets.length - 1);
  }, 90_000);

  it('removes tags on the chosen customers only, and refuses unknown or clashing tags', async () => {
    const [, tag] = tagIds;
    const chosen = rels.filter((r) => r.tags.includes(tag!) && !r.lost).slice(0, 2);
    const ids = [...new Set(chosen.map((r) => r.ext))];
    const start = await api('/api/qw/customer/batch/tag', { filter: {}, externalUserids: ids, addTagIds: [], removeTagIds: [tag] });
    expect(start.status, start.message).toBe(200);
    const done = await until('batch done', async () => {
      const r = await api('/api/qw/customer/batch/info', { id: start.data.id });
      return r.data.status !== 'running' && r.data;
    });
    expect(done.failed).toBe(0);
    const after = relationsOf((await snapshot()).customers);
    for (const r of after) if (ids.includes(r.ext) && !r.lost) expect(r.tags).not.toContain(tag);
    expect(after.filter((r) => !ids.includes(r.ext) && r.tags.includes(tag!)).length).toBe(rels.filter((r) => !ids.includes(r.ext) && r.tags.includes(tag!)).length);
    rels = after;

    expect((await api('/api/qw/customer/batch/tag', { filter: {}, addTagIds: [], removeTagIds: [] })).status).toBe(400);
    expect((await api('/api/qw/customer/batch/tag', { filter: {}, addTagIds: ['nope'], removeTagIds: [] })).message).toBe('标签不存在或已被删除，请刷新后重试');
    expect((await api('/api/qw/customer/batch/tag', { filter: {}, addTagIds: [tag], removeTagIds: [tag] })).status).toBe(400);
    expect((await api('/api/qw/customer/batch/info', { id: 2147483000 })).status).toBe(404);
  }, 60_000);
});

describe('export', () => {
  it('streams an .xlsx with a row per matching relation and the columns an operator reads', async () => {
    const user = rels[0]!.userid;
    const res = await fetch(`${h.baseUrl}/api/qw/customer/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...corp.headers },
      body: JSON.stringify({ userids: [user] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain('客户列表');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['客户名称', '类型', '性别', '企业名称', '跟进成员', '备注', '描述', '标签', '添加时间', '添加方式', '来源活码', '状态']);
    const mine = relationsOf((await snapshot()).customers).filter((r) => r.userid === user);
    const gone = await h.server.database.kysely.selectFrom('follow_relation').select('external_userid').where('work_space_id', '=', corp.wsId).where('userid', '=', user).execute();
    expect(sheet.actualRowCount - 1).toBe(gone.length);
    expect(gone.length).toBeGreaterThanOrEqual(mine.length);
    const names = new Set(mine.map((r) => r.name));
    expect(names.has(String(sheet.getRow(2).getCell(1).value))).toBe(true);
    expect(String(sheet.getRow(2).getCell(9).value)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const bad = await fetch(`${h.baseUrl}/api/qw/customer/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...corp.headers },
      body: JSON.stringify({ addedFrom: '2026-05-02', addedTo: '2026-05-01' }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('editing a relation from the record', () => {
  it('changes remark, description and phones in WeCom and our copy, and tells the timeline', async () => {
    const r = rels.find((x) => !x.lost && x.ext !== rels[0]!.ext)!;
    const body = { externalUserid: r.ext, userid: r.userid, remark: '王总', description: '重点客户，周五回访', remarkMobiles: ['13800000000', '13900000001'] };
    const res = await api('/api/qw/customer/remark', body);
    expect(res.status, res.message).toBe(200);
    const sim = (await snapshot()).customers.find((c) => c.external_userid === r.ext)!.follow_user.find((f) => f.userid === r.userid)!;
    expect(sim).toMatchObject({ remark: '王总', description: '重点客户，周五回访', remark_mobiles: ['13800000000', '13900000001'] });
    const d = (await api('/api/qw/customer/detail', { externalUserid: r.ext })).data;
    expect(d.follows.find((f: any) => f.userid === r.userid)).toMatchObject({ remark: '王总', remarkMobiles: ['13800000000', '13900000001'] });
    expect(d.timeline.some((e: any) => e.kind === 'remark' && e.text.includes('王总'))).toBe(true);
    expect((await api('/api/qw/customer/list', { keyword: '王总' })).data.list.map((c: any) => c.externalUserid)).toContain(r.ext);

    expect((await api('/api/qw/customer/remark', { ...body, remark: '超'.repeat(21) })).status).toBe(400);
    expect((await api('/api/qw/customer/remark', { ...body, remarkMobiles: ['abc'] })).status).toBe(400);
    expect((await api('/api/qw/customer/remark', { ...body, userid: 'nobody' })).status).toBe(404);
  });

  it('adds and removes a tag of one relation in WeCom, shown once in the timeline', async () => {
    const r = rels.find((x) => !x.lost && x.tags.length > 0)!;
    const fresh = tagIds.find((t) => !r.tags.includes(t))!;
    const old = r.tags[0]!;
    const res = await api('/api/qw/customer/tag/mark', { externalUserid: r.ext, userid: r.userid, addTagIds: [fresh], removeTagIds: [old] });
    expect(res.status, res.message).toBe(200);
    const sim = (await snapshot()).customers.find((c) => c.external_userid === r.ext)!.follow_user.find((f) => f.userid === r.userid)!;
    const now = sim.tags.map((t) => t.tag_id);
    expect(now).toContain(fresh);
    expect(now).not.toContain(old);
    const d = (await api('/api/qw/customer/detail', { externalUserid: r.ext })).data;
    expect(d.follows.find((f: any) => f.userid === r.userid).tags.map((t: any) => t.id).sort()).toEqual([...now].sort());
    expect(d.timeline.filter((e: any) => e.kind === 'tag' && e.text.includes('打上标签')).length).toBeGreaterThanOrEqual(1);
    expect(d.timeline.filter((e: any) => e.kind === 'tag' && e.text.includes('移除标签')).length).toBe(1);
    expect((await api('/api/qw/customer/tag/mark', { externalUserid: r.ext, userid: r.userid, addTagIds: ['nope'], removeTagIds: [] })).status).toBe(400);
  });
});

describe('tenancy and child accounts', () => {
  it('shows another tenant nothing of ours, and its batch is not found here', async () => {
    const other = await h.register(uniquePhone());
    const otherCorp = await connectCorp(h, other, { seed: 'customer-list-other', size: { customers: 3, tags: 2 } });
    const mine = (await api('/api/qw/customer/list', {})).data.list.map((c: any) => c.externalUserid);
    const theirs = await api('/api/qw/customer/list', {}, other, otherCorp.headers);
    expect(theirs.status).toBe(200);
    expect(theirs.data.list.some((c: any) => mine.includes(c.externalUserid))).toBe(false);
    expect((await api('/api/qw/customer/list', {}, other, corp.headers)).status).toBe(404);
    const ours = await api('/api/qw/customer/batch/tag', { filter: { userids: ['nobody'] }, addTagIds: [tagIds[0]], removeTagIds: [] });
    expect(ours.status, ours.message).toBe(200);
    expect((await api('/api/qw/customer/batch/info', { id: ours.data.id }, other, otherCorp.headers)).status).toBe(404);
    const r = rels.find((x) => !x.lost)!;
    expect((await api('/api/qw/customer/remark', { externalUserid: r.ext, userid: r.userid, remark: 'x', description: '', remarkMobiles: [] }, other, otherCorp.headers)).status).toBe(404);
  }, 60_000);

  it('refuses a child account without the customer page', async () => {
    const suffix = process.pid % 1000;
    const login = async (account: string, keys: string[]) => {
      const c = await createChild(h, { account, password: 'kidpass1', permissionKeys: keys }, token);
      expect(c.status, c.message).toBe(200);
      return (await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).data.token as string;
    };
    const staff = await login(`cldkid${suffix}`, ['channel-qrcode']);
    expect((await api('/api/qw/customer/list', {}, staff)).status).toBe(403);
    expect((await api('/api/qw/customer/batch/tag', { filter: {}, addTagIds: [tagIds[0]], removeTagIds: [] }, staff)).status).toBe(403);
    const kid = await login(`clokid${suffix}`, ['customer']);
    expect((await api('/api/qw/customer/list', {}, kid)).status).toBe(200);
  });
});
