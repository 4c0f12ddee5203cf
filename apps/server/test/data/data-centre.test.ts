// 数据中心: the roll-ups follow the simulator's adds and deletions per day, member and code; a callback
// processed twice counts once; the rebuild job gives the same figures; a failed catch-up loses nothing;
// loss alerts are written;
// ranges, tenants and permissions are refused in Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey, DAY_MS } from '@scrm/contracts/china-time';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, contactMembers, settle, until, type ConnectedCorp } from '../helpers/corp.js';
import { markCustomersChanged } from '../../src/sync/follow-tag.repository.js';
import { SYNC_JOB } from '../../src/sync/sync.service.js';
import { createChild } from '../helpers/child.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;
let today: string;
let members: Array<{ userid: string; name: string }>;
let codes: Array<{ id: number; configId: string }>;
const who: Array<{ userid: string; externalUserid: string }> = [];

const db = () => h.server.database.kysely;
const api = (path: string, body?: unknown, t = token, headers = corp.headers) => h.api(path, body, t, headers);
const range = () => ({ start: today, end: today });
const snapshot = async () =>
  (await db().selectFrom('customer_daily').selectAll().where('work_space_id', '=', corp.wsId).execute())
    .map((r) => `${r.dim}|${r.grain}|${r.period}|${r.key}|${r.adds}|${r.deleted_by_member}|${r.deleted_by_customer}|${r.lost_1}|${r.lost_7}|${r.lost_30}`)
    .filter((r) => !/\|0\|0\|0\|0\|0\|0$/.test(r))
    .sort();

async function addCode(name: string, userid: string) {
  const r = await api('/api/qw/lxw/add', {
    name, members: [{ userid }], distribution: 'in_order', dailyCap: 0, schedule: [], tagIds: [], welcome: { text: '你好', materialIds: [] }, skipVerify: true,
  });
  expect(r.status, r.message).toBe(200);
  return { id: r.data.id as number, configId: r.data.configId as string };
}

async function scan(code: { configId: string }, name: string) {
  const s = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: code.configId, name });
  expect(s.status).toBe(200);
  const w = { userid: s.body.userid as string, externalUserid: s.body.externalUserid as string };
  who.push(w);
  return w;
}

beforeAll(async () => {
  today = dayKey(Date.now());
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'data-centre', size: { members: 4, customers: 4, groups: 1, tags: 3 } });
  members = await contactMembers(h, corp.corpId);
  codes = [await addCode('地推', members[0]!.userid), await addCode('展会', members[1]!.userid)];
  await scan(codes[0]!, '周先生');
  await scan(codes[0]!, '吴女士');
  await scan(codes[1]!, '郑先生');
  await until('three adds counted', async () => (await api('/api/qw/data/customer/overview', range())).data?.adds === 3);
  expect((await h.simCall('POST', `/control/corps/${corp.corpId}/customer-deletes-member`, who[0])).status).toBe(200);
  expect((await h.simCall('POST', `/control/corps/${corp.corpId}/delete-customer`, who[2])).status).toBe(200);
  await until('both deletions counted', async () => {
    const o = (await api('/api/qw/data/customer/overview', range())).data;
    return o.lostByCustomer === 1 && o.lostByMember === 1;
  });
  await settle(h);
  today = dayKey(Date.now());
}, 90_000);
afterAll(() => h?.close());

describe('figures', () => {
  it('totals and the day series for today', async () => {
    today = dayKey(Date.now());
    const o = await api('/api/qw/data/customer/overview', range());
    expect(o.status, o.message).toBe(200);
    expect(o.data).toMatchObject({ start: today, end: today, days: 1, adds: 3, lostByMember: 1, lostByCustomer: 1, net: 1, updating: false });
    const week = { start: dayKey(Date.now() - 6 * DAY_MS), end: today };
    const d = await api('/api/qw/data/customer/day', week);
    expect(d.data.list).toHaveLength(7);
    expect(d.data.list[6]).toEqual({ date: today, adds: 3, lostByMember: 1, lostByCustomer: 1, net: 1 });
    expect(d.data.list.slice(0, 6).every((x: { adds: number }) => x.adds === 0)).toBe(true);
    expect(d.data.total).toEqual({ adds: 3, lostByMember: 1, lostByCustomer: 1, net: 1 });
    // A year read as month, 旬 and edge-day rows sums to what its days sum to (the sync's relations
    // of the last year count too: by their 添加时间, as in the customer list).
    const yearRange = { start: dayKey(Date.now() - 365 * DAY_MS), end: today };
    const year = await api('/api/qw/data/customer/overview', yearRange);
    const yearDays = await api('/api/qw/data/customer/day', yearRange);
    expect(year.data).toMatchObject({ days: 366, ...yearDays.data.total });
    expect(yearDays.data.list.at(-1)).toEqual({ date: today, adds: 3, lostByMember: 1, lostByCustomer: 1, net: 1 });
  });

  it('by member and by code, and one member’s series', async () => {
    const m = await api('/api/qw/data/customer/member', range());
    expect(m.data.list).toEqual([
      { userid: members[0]!.userid, name: members[0]!.name, adds: 2, lostByMember: 0, lostByCustomer: 1, net: 1 },
      { userid: members[1]!.userid, name: members[1]!.name, adds: 1, lostByMember: 1, lostByCustomer: 0, net: 0 },
    ]);
    const c = await api('/api/qw/data/customer/code', range());
    expect(c.data.list).toEqual([
      { contactWayId: codes[0]!.id, name: '地推', adds: 2, lostByMember: 0, lostByCustomer: 1, net: 1 },
      { contactWayId: codes[1]!.id, name: '展会', adds: 1, lostByMember: 1, lostByCustomer: 0, net: 0 },
    ]);
    const one = await api('/api/qw/data/customer/day', { ...range(), contactWayId: codes[1]!.id });
    expect(one.data.total).toEqual({ adds: 1, lostByMember: 1, lostByCustomer: 0, net: 0 });
    expect((await api('/api/qw/data/customer/overview', { ...range(), userid: members[0]!.userid })).data).toMatchObject({ adds: 2, lostByCustomer: 1 });
  });

  it('retention: today’s adds, not yet measurable', async () => {
    const r = await api('/api/qw/data/customer/retention', range());
    expect(r.data.list).toEqual([{ date: today, adds: 3, day1: null, day7: null, day30: null }]);
    const lost = await db().selectFrom('customer_daily').select(['lost_1', 'lost_30']).where('work_space_id', '=', corp.wsId)
      .where('dim', '=', 'all').where('grain', '=', 'd').where('period', '=', today).executeTakeFirstOrThrow();
    expect(lost).toEqual({ lost_1: 2, lost_30: 2 });
  });

  it('exports CSV with a BOM', async () => {
    const res = await fetch(`${h.baseUrl}/api/qw/data/customer/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...corp.headers },
      body: JSON.stringify(range()),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain(`${today},3,1,1,1`);
    expect(text).toContain('地推');
  });
});

describe('retention of earlier days', () => {
  it('two customers added 40 days ago, one deleted by the customer 3 days later: both kept after 1 day, one after 7 and 30', async () => {
    const addAt = Date.now() - 40 * DAY_MS;
    const userid = members[2]!.userid;
    const relation = (externalUserid: string, createtime: number, deletedByCustomerAt: number | null) => ({
      work_space_id: corp.wsId, external_userid: externalUserid, userid, remark: '', description: '', createtime, tag_ids: '[]', add_way: 1, state: '', oper_userid: userid,
      deleted_at: null, deleted_by_customer_at: deletedByCustomerAt,
    });
    // Written as the relation writers do: the row and the customer's mark in one transaction.
    await db().transaction().execute(async (trx) => {
      await trx.insertInto('follow_relation').values([relation('wm-retention-1', addAt, addAt + 3 * DAY_MS), relation('wm-retention-2', addAt + 1000, null)]).execute();
      await markCustomersChanged(trx, corp.wsId, ['wm-retention-1', 'wm-retention-2']);
    });
    const day = dayKey(addAt);
    const r = await api('/api/qw/data/customer/retention', { start: day, end: day });
    expect(r.data.list).toEqual([{ date: day, adds: 2, day1: 2, day7: 1, day30: 1 }]);
    const d = await api('/api/qw/data/customer/day', { start: day, end: dayKey(addAt + 4 * DAY_MS), userid });
    expect(d.data.total).toEqual({ adds: 2, lostByMember: 0, lostByCustomer: 1, net: 1 });
  });
});

describe('once only and rebuild', () => {
  it('counts a callback processed twice once', async () => {
    const before = await snapshot();
    const stored = await db().selectFrom('callback_event').selectAll().where('work_space_id', '=', corp.wsId).where('processed_at', 'is not', null).execute();
    expect(stored.length).toBeGreaterThanOrEqual(5);
    for (const row of stored) await h.server.services.callbacks.process(row);
    await settle(h);
    expect(await snapshot()).toEqual(before);
    expect((await api('/api/qw/data/customer/overview', range())).data).toMatchObject({ adds: 3, lostByMember: 1, lostByCustomer: 1 });
  });

  it('the rebuild job gives the same figures', async () => {
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(0);
    await db().deleteFrom('customer_daily').where('work_space_id', '=', corp.wsId).execute();
    expect((await api('/api/qw/data/customer/overview', range())).data.adds).toBe(0);
    // What a rebuild stopped while staging its roll-ups left behind does not count.
    await db()
      .insertInto('customer_daily_next')
      .values({ work_space_id: corp.wsId, dim: 'all', grain: 'd', period: '2001-01-01', key: '', adds: 99, deleted_by_member: 0, deleted_by_customer: 0, lost_1: 0, lost_7: 0, lost_30: 0 })
      .execute();
    const q = await api('/api/qw/data/customer/rebuild', {});
    expect(q.status, q.message).toBe(200);
    await until('rebuilt', async () => (await snapshot()).length === before.length);
    await h.server.services.jobs.idle();
    expect(await snapshot()).toEqual(before);
    expect(await db().selectFrom('customer_daily_next').select('key').where('work_space_id', '=', corp.wsId).execute()).toEqual([]);
  });
});

describe('loss alerts', () => {
  it('writes one notice per deletion, each kind apart', async () => {
    const all = await api('/api/qw/notify/loss/list', {});
    expect(all.status, all.message).toBe(200);
    // The scanned customers' two deletions.
    const scanned = all.data.list.filter((n: { externalUserid: string }) => who.some((w) => w.externalUserid === n.externalUserid));
    expect(scanned).toHaveLength(2);
    expect(all.data.total).toBe(2);
    const byKind = Object.fromEntries(scanned.map((n: { kind: string }) => [n.kind, n]));
    expect(byKind.customer_loss).toMatchObject({ title: '客户流失提醒', externalUserid: who[0]!.externalUserid, userid: who[0]!.userid, readAt: null });
    expect(byKind.customer_loss.content).toContain('删除了成员');
    expect(byKind.customer_deleted).toMatchObject({ title: '成员删除客户提醒', externalUserid: who[2]!.externalUserid });
    const loss = await api('/api/qw/notify/loss/list', { kind: 'customer_loss' });
    expect(loss.data.list.every((n: { kind: string }) => n.kind === 'customer_loss')).toBe(true);
    expect(loss.data.total).toBe(1);
    expect((await api('/api/qw/notify/loss/read', { ids: [byKind.customer_loss.id] })).status).toBe(200);
    const after = (await api('/api/qw/notify/loss/list', { kind: 'customer_loss' })).data.list;
    expect(after.find((n: { id: number }) => n.id === byKind.customer_loss.id).readAt).toEqual(expect.any(Number));
  });
});

describe('refusals', () => {
  it('a range over 366 days or a mixed filter: 400 in Chinese', async () => {
    const r = await api('/api/qw/data/customer/day', { start: '2025-01-01', end: '2026-01-02' });
    expect(r.status).toBe(400);
    expect(r.message).toBe('日期范围最长 366 天');
    const mixed = await api('/api/qw/data/customer/overview', { ...range(), userid: 'a', tagId: 'b' });
    expect(mixed.status).toBe(400);
    expect(mixed.message).toMatch(/[\u4e00-\u9fa5]/);
    const bad = await api('/api/qw/data/customer/overview', { start: '2026-13-01', end: today });
    expect(bad.status).toBe(400);
  });

  it('another tenant: 404, and sees none of it in its own space', async () => {
    const other = await h.register(uniquePhone());
    const otherCorp = await connectCorp(h, other, { seed: 'data-centre-other' });
    expect((await api('/api/qw/data/customer/overview', range(), other, corp.headers)).status).toBe(404);
    expect((await api('/api/qw/notify/loss/list', {}, other, corp.headers)).status).toBe(404);
    const mine = (await api('/api/qw/notify/loss/list', {})).data.list[0].id as number;
    expect((await api('/api/qw/notify/loss/read', { ids: [mine] }, other, otherCorp.headers)).status).toBe(404);
    expect((await api('/api/qw/data/customer/overview', range(), other, otherCorp.headers)).data.adds).toBe(0);
    expect((await api('/api/qw/notify/loss/list', {}, other, otherCorp.headers)).data.total).toBe(0);
  });

  it('a child account without 好友分析: 403; with it: 200', async () => {
    const child = async (keys: string[]) => {
      const account = `data${process.pid % 1000}${keys.length}${Math.floor(Math.random() * 1e4)}`;
      const c = await createChild(h, { account, password: 'kidpass1', permissionKeys: keys }, token);
      expect(c.status, c.message).toBe(200);
      return (await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).data.token as string;
    };
    const without = await child(['staff']);
    expect((await api('/api/qw/data/customer/overview', range(), without)).status).toBe(403);
    expect((await api('/api/qw/notify/loss/list', {}, without)).status).toBe(403);
    const withData = await child(['data-customer']);
    expect((await api('/api/qw/data/customer/overview', range(), withData)).data.adds).toBe(3);
  });
});

describe('while a rebuild runs', () => {
  it('changes wait for it, and the totals say the figures are updating', async () => {
    await db().insertInto('customer_daily_rebuild').values({ work_space_id: corp.wsId, until: Date.now() + 60_000 }).execute();
    await db().transaction().execute((trx) => markCustomersChanged(trx, corp.wsId, [who[1]!.externalUserid]));
    try {
      expect((await api('/api/qw/data/customer/overview', range())).data).toMatchObject({ adds: 3, updating: true });
    } finally {
      await db().deleteFrom('customer_daily_rebuild').where('work_space_id', '=', corp.wsId).execute();
    }
    // The lease gone, the next call counts the (unchanged) customer: nothing moves.
    expect((await api('/api/qw/data/customer/overview', range())).data).toMatchObject({ adds: 3, updating: false });
  });
});

describe('a catch-up that fails', () => {
  it('keeps the customer’s mark, so the next catch-up counts the add exactly once', async () => {
    const repo = (h.server.services.dataCentre as unknown as { deps: { repo: { increment: (...a: unknown[]) => Promise<void> } } }).deps.repo;
    const increment = repo.increment.bind(repo);
    let failures = 0;
    repo.increment = async (...a: unknown[]) => {
      if (failures === 0) {
        failures++;
        throw new Error('roll-up write failed (test)');
      }
      return increment(...a);
    };
    try {
      const before = (await api('/api/qw/data/customer/overview', range())).data.adds as number;
      await scan(codes[1]!, '冯女士');
      // The first catch-up (a figure call's or the minute job's, whichever comes first) fails; its
      // transaction took the mark back with it, so a later one counts the customer — once.
      let seen = before;
      await until('counted after the failure', async () => {
        seen = (await api('/api/qw/data/customer/overview', range())).data.adds;
        return failures === 1 && seen === before + 1;
      }, 60_000);
      expect(failures).toBe(1);
      expect((await api('/api/qw/data/customer/overview', range())).data.adds).toBe(before + 1);
      // What the catch-up left is what a rebuild computes (called directly: jobs.idle() would also wait
      // out the minute job's retry when the failure was its).
      const kept = await snapshot();
      await h.server.services.dataCentre.rebuild(corp.wsId);
      expect(await snapshot()).toEqual(kept);
    } finally {
      repo.increment = increment;
    }
  }, 90_000);
});

describe('the minute catch-up beside a sync', () => {
  it('leaves the work space’s marks while its sync is queued, and counts them once it is not', async () => {
    const { jobs, sync, dataCentre } = h.server.services;
    await settle(h);
    const marks = async () =>
      Number((await db().selectFrom('customer_daily_dirty').select((eb) => eb.fn.countAll<number>().as('n')).where('work_space_id', '=', corp.wsId).executeTakeFirstOrThrow()).n);
    // A sync that waits (an hour from now): the customers are still to be written.
    const id = await jobs.enqueue(SYNC_JOB, { workSpaceId: corp.wsId, phases: ['customers'] }, { workSpaceId: corp.wsId, singletonKey: `sync:${corp.wsId}`, runAt: Date.now() + 3_600_000 });
    expect(id).not.toBeNull();
    try {
      expect(await sync.isRunning(corp.wsId)).toBe(true);
      await markCustomersChanged(db(), corp.wsId, [who[1]!.externalUserid]);
      await dataCentre.catchUpAll();
      expect(await marks()).toBe(1);
    } finally {
      await db().deleteFrom('job').where('id', '=', id!).execute();
    }
    expect(await sync.isRunning(corp.wsId)).toBe(false);
    await dataCentre.catchUpAll();
    expect(await marks()).toBe(0);
  });
});
