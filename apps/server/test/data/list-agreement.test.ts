// The binding definition (docs/data-centre.md): the data centre's 新增客户 for a day, with or without a
// member / code / tag, is the customer list's total for 添加时间 = that day with the same filter (status
// 全部). Driven through the real paths: a synced corp (relations spread over last year, reached us with
// no callback), scans through channel codes (one customer adding two members, a customer deleting a
// member and adding again, a synced customer adding a new member), a tag marked and one removed through
// the customer API — then every figure is compared with the list's total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey } from '@scrm/contracts/china-time';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, contactMembers, settle, type ConnectedCorp } from '../helpers/corp.js';

let h: Harness;
let corp: ConnectedCorp;
let token: string;
let members: Array<{ userid: string; name: string }>;
let codes: Array<{ id: number; configId: string }>;
/** China-time today, once the scans are in. */
let today: string;

type Filter = { userid?: string; contactWayId?: number; tagId?: string };
const api = (path: string, body?: unknown) => h.api(path, body, token, corp.headers);

async function dataAdds(start: string, end: string, f: Filter): Promise<number> {
  const r = await api('/api/qw/data/customer/overview', { start, end, ...f });
  expect(r.status, r.message).toBe(200);
  return r.data.adds as number;
}

async function listTotal(start: string, end: string, f: Filter): Promise<number> {
  const r = await api('/api/qw/customer/list', {
    addedFrom: start,
    addedTo: end,
    ...(f.userid ? { userids: [f.userid] } : {}),
    ...(f.contactWayId ? { contactWayIds: [f.contactWayId] } : {}),
    ...(f.tagId ? { tagIds: [f.tagId], tagMode: 'any' } : {}),
  });
  expect(r.status, r.message).toBe(200);
  expect(r.data.totalExact).toBe(true);
  return r.data.total as number;
}

async function agree(day: string, f: Filter = {}): Promise<number> {
  const [d, l] = await Promise.all([dataAdds(day, day, f), listTotal(day, day, f)]);
  expect({ day, ...f, adds: d }).toEqual({ day, ...f, adds: l });
  return d;
}

async function addCode(name: string, userid: string) {
  const r = await api('/api/qw/lxw/add', {
    name, members: [{ userid }], distribution: 'in_order', dailyCap: 0, schedule: [], tagIds: [], welcome: { text: '你好', materialIds: [] }, skipVerify: true,
  });
  expect(r.status, r.message).toBe(200);
  return { id: r.data.id as number, configId: r.data.configId as string };
}

async function scan(code: { configId: string }, body: { name?: string; externalUserid?: string }) {
  const s = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: code.configId, ...body });
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  return { userid: s.body.userid as string, externalUserid: s.body.externalUserid as string };
}

beforeAll(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'data-list-agreement', size: { members: 5, customers: 80, groups: 1, tags: 4 } });
  members = await contactMembers(h, corp.corpId);
  codes = [await addCode('门店', members[0]!.userid), await addCode('展会', members[1]!.userid)];
  // One customer adds two members today (two relations, one customer).
  const x = await scan(codes[0]!, { name: '钱先生' });
  await scan(codes[1]!, { externalUserid: x.externalUserid });
  // One deletes the member and adds again today.
  const y = await scan(codes[0]!, { name: '孙女士' });
  await settle(h);
  expect((await h.simCall('POST', `/control/corps/${corp.corpId}/customer-deletes-member`, y)).status).toBe(200);
  await settle(h);
  await scan(codes[0]!, { externalUserid: y.externalUserid });
  // A customer who came with the sync (no callback ever) adds another member today.
  type Row = { externalUserid: string; follows: Array<{ userid: string; tags: Array<{ id: string }> }> };
  const old = (await api('/api/qw/customer/list', { order: 'asc' })).data.list as Row[];
  const z = old.find((c) => !c.follows.some((f) => f.userid === members[1]!.userid));
  expect(z).toBeDefined();
  await scan(codes[1]!, { externalUserid: z!.externalUserid });
  await settle(h);
  // Tags as operators change them: one marked on today's relation, one removed from an old relation.
  const oldTagged = old.flatMap((c) => c.follows.flatMap((f) => f.tags.map((t) => ({ externalUserid: c.externalUserid, userid: f.userid, tagId: t.id }))));
  expect(oldTagged.length).toBeGreaterThan(1);
  const mark = await api('/api/qw/customer/tag/mark', { externalUserid: x.externalUserid, userid: members[0]!.userid, addTagIds: [oldTagged[0]!.tagId], removeTagIds: [] });
  expect(mark.status, mark.message).toBe(200);
  const u = oldTagged[1]!;
  const unmark = await api('/api/qw/customer/tag/mark', { externalUserid: u.externalUserid, userid: u.userid, addTagIds: [], removeTagIds: [u.tagId] });
  expect(unmark.status, unmark.message).toBe(200);
  today = dayKey(Date.now());
  await settle(h);
}, 120_000);
afterAll(() => h?.close());

describe('the data centre agrees with the customer list', () => {
  it('today: one customer adding two members is one customer; a re-add is one; a synced customer’s new member counts', async () => {
    // 钱先生, 孙女士, and the synced customer: three customers, four relations added today.
    expect(await agree(today)).toBe(3);
    expect(await agree(today, { userid: members[0]!.userid })).toBe(2);
    expect(await agree(today, { contactWayId: codes[0]!.id })).toBe(2);
    expect(await agree(today, { contactWayId: codes[1]!.id })).toBe(2);
  });

  it('the busiest days of last year (relations that came with the sync), overall, per member and per tag', async () => {
    const series = await api('/api/qw/data/customer/day', { start: '2025-01-01', end: '2025-12-31' });
    expect(series.status, series.message).toBe(200);
    const days = (series.data.list as Array<{ date: string; adds: number }>).filter((d) => d.adds > 0).sort((a, b) => b.adds - a.adds).slice(0, 4);
    expect(days.length).toBeGreaterThan(0);
    let checked = 0;
    for (const { date } of days) {
      await agree(date);
      const byMember = (await api('/api/qw/data/customer/member', { start: date, end: date })).data.list as Array<{ userid: string; adds: number }>;
      for (const m of byMember) expect(await agree(date, { userid: m.userid })).toBe(m.adds);
      const byTag = (await api('/api/qw/data/customer/tag', { start: date, end: date })).data.list as Array<{ tagId: string; adds: number }>;
      for (const t of byTag) expect(await agree(date, { tagId: t.tagId })).toBe(t.adds);
      checked += byMember.length + byTag.length;
    }
    expect(checked).toBeGreaterThan(4);
  });

  it('by tag follows the relation’s current tags (a tag marked today, one removed from an old relation)', async () => {
    const tags = (await api('/api/qw/data/customer/tag', { start: today, end: today })).data.list as Array<{ tagId: string; adds: number }>;
    expect(tags.length).toBeGreaterThan(0);
    for (const t of tags) expect(await agree(today, { tagId: t.tagId })).toBe(t.adds);
    const year = (await api('/api/qw/data/customer/tag', { start: '2025-01-01', end: '2025-12-31' })).data.list as Array<{ tagId: string }>;
    for (const t of year) {
      const series = (await api('/api/qw/data/customer/day', { start: '2025-01-01', end: '2025-12-31', tagId: t.tagId })).data.list as Array<{ date: string; adds: number }>;
      const day = series.find((d) => d.adds > 0);
      if (day) await agree(day.date, { tagId: t.tagId });
    }
  });

  it('a range is the sum of its days (a customer added on two days counts on each), never less than the list', async () => {
    const series = (await api('/api/qw/data/customer/day', { start: '2025-06-01', end: '2025-06-30' })).data as { list: Array<{ date: string; adds: number }>; total: { adds: number } };
    let perDay = 0;
    for (const d of series.list) perDay += await listTotal(d.date, d.date, {});
    expect(series.total.adds).toBe(perDay);
    expect(await dataAdds('2025-06-01', '2025-06-30', {})).toBe(perDay);
    expect(await listTotal('2025-06-01', '2025-06-30', {})).toBeLessThanOrEqual(perDay);
  });

  it('the rebuild gives the same figures', async () => {
    const before = await dataAdds('2025-01-01', '2025-12-31', {});
    const todayBefore = await dataAdds(today, today, {});
    await h.server.services.dataCentre.rebuild(corp.wsId);
    expect(await dataAdds('2025-01-01', '2025-12-31', {})).toBe(before);
    expect(await agree(today)).toBe(todayBefore);
  });
});

