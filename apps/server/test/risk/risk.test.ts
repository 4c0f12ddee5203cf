// 风控 end to end against the simulator: member limit plans (daily and hourly caps, burst and
// delete-rate detection) take members off every code's WeCom user list and put them back when the
// period turns; cron plans switch members by their hours; every switch is recorded with a
// notification; one-click restore; plan changes release their members; validation, tenancy, children.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayStart, DAY_MS, HOUR_MS, hourStart, weekdayOf } from '@scrm/contracts/china-time';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, contactMembers, until, type ConnectedCorp } from '../helpers/corp.js';
import { channelCodeBody } from '../helpers/code-world.js';
import { createChild } from '../helpers/child.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;
let m: string[];
let names: Map<string, string>;
let code: { id: number; configId: string };

/** Wednesday 2031-01-08, 10:05 in China. */
const BASE = Date.UTC(2031, 0, 8, 2, 5);

const api = (path: string, body?: unknown, t = token) => h.api(path, body, t, corp.headers);
const db = () => h.server.database.kysely;
const clock = () => h.server.services.clock;
const wayOf = async (configId: string) => ((await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body as any).contactWays.find((w: any) => w.config_id === configId);
const usersOf = async (configId = code.configId): Promise<string[]> => (await wayOf(configId)).user;
const addCount = async () => Number((await db().selectFrom('contact_way_add').select((eb) => eb.fn.countAll().as('n')).where('work_space_id', '=', corp.wsId).executeTakeFirstOrThrow()).n);
const records = (userid: string) => db().selectFrom('risk_record').selectAll().where('work_space_id', '=', corp.wsId).where('userid', '=', userid).orderBy('id').execute();

/** A new WeChat user scans the code and is received by `userid`; resolves once the add and its effects are processed. */
async function scan(userid: string, configId = code.configId) {
  const before = await addCount();
  const r = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId, userid });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.userid).toBe(userid);
  await until('add recorded', async () => (await addCount()) > before);
  await h.server.services.jobs.idle();
  return r.body as { externalUserid: string; userid: string };
}

/** Moves the business clock and runs the minute tick (and what it enqueues). */
async function moveClock(at: number) {
  clock().set(at);
  await h.server.services.scheduler.trigger('risk');
  await h.server.services.jobs.idle();
}

function limitInput(over: Record<string, unknown> = {}) {
  return { name: '加好友上限', userids: [], dailyCap: 0, hourlyCap: 0, burst: null, deleteRate: null, enabled: true, ...over };
}

const WORKDAYS = [{ weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' }];

beforeAll(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'risk-plans', size: { members: 14, customers: 5 } });
  const list = await contactMembers(h, corp.corpId);
  m = list.map((x) => x.userid);
  names = new Map(list.map((x) => [x.userid, x.name]));
  expect(m.length).toBeGreaterThanOrEqual(9);
  expect(weekdayOf(BASE)).toBe(3);
  clock().set(BASE);
  // Every member receives (random): a member taken offline leaves the list, the others stay on it.
  const r = await api('/api/qw/lxw/add', channelCodeBody('风控测试活码', m, { distribution: 'random' }));
  expect(r.status, r.message).toBe(200);
  code = { id: r.data.id, configId: r.data.configId };
  expect(await usersOf()).toEqual(m);
}, 90_000);
afterAll(() => h?.close());

describe('member limit plans', () => {
  it('a daily cap of 2 takes the member off every code after the 2nd add, with a record and a notification', async () => {
    const a = m[0]!;
    const plan = await api('/api/qw/limit/plan/add', limitInput({ name: '每日两人', userids: [a], dailyCap: 2 }));
    expect(plan.status, plan.message).toBe(200);
    expect(plan.data).toMatchObject({ name: '每日两人', dailyCap: 2, hourlyCap: 0, burst: null, deleteRate: null, enabled: true, offlineNow: 0 });
    expect(plan.data.members).toEqual([{ userid: a, name: names.get(a), avatar: expect.any(String), offline: false }]);

    await scan(a);
    expect(await usersOf()).toContain(a);
    await scan(a);
    expect(await usersOf()).not.toContain(a);
    expect((await usersOf()).length).toBe(m.length - 1);

    const rows = await records(a);
    expect(rows.map((r) => [r.kind, r.action, r.auto, r.contact_way_id, r.plan_id])).toEqual([['limit_daily', 'offline', 1, 0, plan.data.id]]);
    expect(rows[0]!.reason).toBe('今日已添加 2 位客户，达到「每日两人」每日上限 2 人');
    const notes = await db().selectFrom('notification').selectAll().where('work_space_id', '=', corp.wsId).where('ref_id', '=', rows[0]!.offline_id).execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.content).toContain(names.get(a)!);

    const info = await api('/api/qw/limit/plan/info', { id: plan.data.id });
    expect(info.data).toMatchObject({ offlineNow: 1, members: [{ userid: a, offline: true }] });
    const list = await api('/api/qw/risk/record/list', { userid: a });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      userid: a,
      memberName: names.get(a),
      contactWayId: null,
      codeName: '全部活码',
      kind: 'limit_daily',
      action: 'offline',
      auto: true,
      operator: '',
      restorable: true,
    });
    // The code's member list tells why.
    const members = await api('/api/qw/lxw/member/list', { id: code.id });
    expect(members.data.list.find((x: any) => x.userid === a).offlineReasons).toEqual(['风控下线：每日添加上限']);

    // A third scan of the day cannot reach them: WeCom hands it to someone else.
    const third = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: code.configId, userid: a });
    expect(third.body.userid).not.toBe(a);
    await until('add recorded', async () => (await db().selectFrom('contact_way_add').select('id').where('external_userid', '=', third.body.externalUserid).execute()).length > 0);
    await h.server.services.jobs.idle();
  });

  it('puts the member back the next day with an automatic online record', async () => {
    const a = m[0]!;
    await moveClock(dayStart(clock().now()) + DAY_MS + 30_000);
    expect(await usersOf()).toContain(a);
    const rows = await records(a);
    expect(rows.map((r) => [r.kind, r.action, r.auto])).toEqual([
      ['limit_daily', 'offline', 1],
      ['limit_daily', 'online', 1],
    ]);
    expect(rows[1]!.reason).toBe('新的一天，自动恢复上线');
    const list = await api('/api/qw/risk/record/list', { userid: a });
    expect(list.data.list.map((r: any) => [r.action, r.restorable])).toEqual([
      ['online', false],
      ['offline', false],
    ]);
    expect((await api('/api/qw/limit/plan/list', {})).data.list[0]).toMatchObject({ name: '每日两人', offlineNow: 0 });
  });

  it('an hourly cap takes the member off for the rest of the hour', async () => {
    const b = m[1]!;
    await moveClock(dayStart(clock().now()) + 10 * HOUR_MS + 5 * 60_000);
    const plan = await api('/api/qw/limit/plan/add', limitInput({ name: '每小时一人', userids: [b], hourlyCap: 1 }));
    expect(plan.status, plan.message).toBe(200);
    await scan(b);
    expect(await usersOf()).not.toContain(b);
    expect((await records(b)).map((r) => [r.kind, r.action])).toEqual([['limit_hourly', 'offline']]);
    expect((await records(b))[0]!.reason).toBe('本小时已添加 1 位客户，达到「每小时一人」每小时上限 1 人');

    await moveClock(hourStart(clock().now()) + HOUR_MS + 30_000);
    expect(await usersOf()).toContain(b);
    const rows = await records(b);
    expect(rows.map((r) => [r.kind, r.action, r.auto])).toEqual([
      ['limit_hourly', 'offline', 1],
      ['limit_hourly', 'online', 1],
    ]);
    expect(rows[1]!.reason).toBe('新的一小时，自动恢复上线');
    // A new hour, a new cap.
    await scan(b);
    expect(await usersOf()).not.toContain(b);
    expect(await records(b)).toHaveLength(3);
  });

  it('burst detection: 3 adds within 10 minutes take the member offline', async () => {
    const c = m[2]!;
    const plan = await api('/api/qw/limit/plan/add', limitInput({ name: '异常添加', userids: [c], burst: { count: 3, minutes: 10 } }));
    expect(plan.status, plan.message).toBe(200);
    expect(plan.data.burst).toEqual({ count: 3, minutes: 10 });
    await scan(c);
    await scan(c);
    expect(await usersOf()).toContain(c);
    await scan(c);
    expect(await usersOf()).not.toContain(c);
    const rows = await records(c);
    expect(rows.map((r) => [r.kind, r.action])).toEqual([['burst', 'offline']]);
    expect(rows[0]!.reason).toBe('10 分钟内添加 3 位客户，达到「异常添加」异常添加阈值 3 人');
  });

  it('delete-rate detection: half of the day’s customers deleting the member takes them offline', async () => {
    const d = m[3]!;
    const plan = await api('/api/qw/limit/plan/add', limitInput({ name: '异常删除', userids: [d], deleteRate: { percent: 50, minAdds: 2 } }));
    expect(plan.status, plan.message).toBe(200);
    const first = await scan(d);
    await scan(d);
    expect(await usersOf()).toContain(d);
    const r = await h.simCall('POST', `/control/corps/${corp.corpId}/customer-deletes-member`, { userid: d, externalUserid: first.externalUserid });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await until('deletion recorded', async () => {
      const add = await db().selectFrom('contact_way_add').select('deleted_by_customer_at').where('external_userid', '=', first.externalUserid).executeTakeFirst();
      return add?.deleted_by_customer_at != null;
    });
    await h.server.services.jobs.idle();
    expect(await usersOf()).not.toContain(d);
    const rows = await records(d);
    expect(rows.map((x) => [x.kind, x.action])).toEqual([['delete_rate', 'offline']]);
    expect(rows[0]!.reason).toBe('近 24 小时添加的 2 位客户中 1 位删除了成员（50%），达到「异常删除」阈值 50%');
  });

  it('restore puts the member back at once, and the same period does not take them off again', async () => {
    const c = m[2]!;
    const offline = (await api('/api/qw/risk/record/list', { userid: c, kind: 'burst', active: true })).data.list[0];
    expect(offline).toMatchObject({ action: 'offline', restorable: true });
    const r = await api('/api/qw/risk/record/restore', { id: offline.id });
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ userid: c, kind: 'burst', action: 'online', auto: false, reason: '手动恢复上线', restorable: false, codeName: '全部活码' });
    expect(r.data.operator).toBeTruthy();
    await h.server.services.jobs.idle();
    expect(await usersOf()).toContain(c);

    // A fourth add within the window: the detector fires again but the period was restored.
    await scan(c);
    expect(await usersOf()).toContain(c);
    expect((await records(c)).map((x) => x.action)).toEqual(['offline', 'online']);

    expect(await api('/api/qw/risk/record/restore', { id: offline.id })).toMatchObject({ status: 409, message: '该记录已恢复或已自动上线' });
    expect(await api('/api/qw/risk/record/restore', { id: r.data.id })).toMatchObject({ status: 409, message: '该记录已恢复或已自动上线' });
    expect((await api('/api/qw/risk/record/restore', { id: 999_999 })).status).toBe(404);
    // The list marks it done.
    const after = (await api('/api/qw/risk/record/list', { userid: c })).data.list;
    expect(after.map((x: any) => [x.action, x.auto, x.restorable])).toEqual([
      ['online', false, false],
      ['offline', true, false],
    ]);
  });

  it('a code’s own daily cap is restored on that code only', async () => {
    const e = m[4]!;
    const other = await api('/api/qw/lxw/add', channelCodeBody('单码上限', [e, m[5]!], { distribution: 'random', dailyCap: 1 }));
    expect(other.status, other.message).toBe(200);
    await scan(e, other.data.configId);
    expect(await usersOf(other.data.configId)).toEqual([m[5]!]);
    expect(await usersOf()).toContain(e);
    const rec = (await api('/api/qw/risk/record/list', { userid: e, kind: 'code_cap' })).data.list[0];
    expect(rec).toMatchObject({ contactWayId: other.data.id, codeName: '单码上限', restorable: true });
    const r = await api('/api/qw/risk/record/restore', { id: rec.id });
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ contactWayId: other.data.id, codeName: '单码上限', action: 'online' });
    await h.server.services.jobs.idle();
    expect(await usersOf(other.data.configId)).toEqual([e, m[5]!]);
  });

  it('update and delete release the plan’s members; saving a plan applies it to adds already made', async () => {
    const e = m[6]!;
    const plan = (await api('/api/qw/limit/plan/add', limitInput({ name: '单人一位', userids: [e], dailyCap: 1 }))).data;
    await scan(e);
    expect(await usersOf()).not.toContain(e);

    // Raising the cap: released at once.
    const raised = await api('/api/qw/limit/plan/update', { ...limitInput({ name: '单人一位', userids: [e], dailyCap: 5 }), id: plan.id });
    expect(raised.status, raised.message).toBe(200);
    expect(raised.data).toMatchObject({ dailyCap: 5, offlineNow: 0 });
    await h.server.services.jobs.idle();
    expect(await usersOf()).toContain(e);
    expect((await records(e)).at(-1)).toMatchObject({ action: 'online', auto: 1, reason: '风控计划已修改或停用，恢复上线' });

    // Lowering it again: the add already made counts at once, no new add needed.
    const lowered = await api('/api/qw/limit/plan/update', { ...limitInput({ name: '单人一位', userids: [e], dailyCap: 1 }), id: plan.id });
    expect(lowered.data).toMatchObject({ offlineNow: 1 });
    await h.server.services.jobs.idle();
    expect(await usersOf()).not.toContain(e);

    // Disabling releases; enabling applies again.
    const off = await api('/api/qw/limit/plan/update', { ...limitInput({ name: '单人一位', userids: [e], dailyCap: 1, enabled: false }), id: plan.id });
    expect(off.data).toMatchObject({ enabled: false, offlineNow: 0 });
    await h.server.services.jobs.idle();
    expect(await usersOf()).toContain(e);
    const on = await api('/api/qw/limit/plan/update', { ...limitInput({ name: '单人一位', userids: [e], dailyCap: 1 }), id: plan.id });
    expect(on.data).toMatchObject({ enabled: true, offlineNow: 1 });
    await h.server.services.jobs.idle();
    expect(await usersOf()).not.toContain(e);

    // Deleting releases for good.
    expect((await api('/api/qw/limit/plan/delete', { id: plan.id })).status).toBe(200);
    await h.server.services.jobs.idle();
    expect(await usersOf()).toContain(e);
    expect((await api('/api/qw/limit/plan/info', { id: plan.id })).status).toBe(404);
    await scan(e);
    expect(await usersOf()).toContain(e);

    // A plan for every member (empty list) created after the fact takes the capped ones off at once.
    const all = await api('/api/qw/limit/plan/add', limitInput({ name: '全员上限', dailyCap: 2 }));
    expect(all.status, all.message).toBe(200);
    expect(all.data.members).toEqual([]);
    expect(all.data.offlineNow).toBeGreaterThanOrEqual(1);
    await h.server.services.jobs.idle();
    expect(await usersOf()).not.toContain(e);
    expect((await api('/api/qw/limit/plan/delete', { id: all.data.id })).status).toBe(200);
    await h.server.services.jobs.idle();
    expect(await usersOf()).toContain(e);

    const byPlan = await api('/api/qw/risk/record/list', { limitPlanId: plan.id });
    expect(byPlan.data.total).toBe(6);
    expect(byPlan.data.list.every((r: any) => r.userid === e)).toBe(true);
    // The same id as a cron plan's selects nothing of this plan.
    expect((await api('/api/qw/risk/record/list', { cronPlanId: plan.id })).data.list.every((r: any) => r.kind === 'cron')).toBe(true);
  });
});

describe('cron plans', () => {
  let plan: any;
  const f = () => m[7]!;
  const g = () => m[8]!;

  it('takes its members off outside its hours at once', async () => {
    // Thursday 20:00 (the clock has moved on by a day).
    const day = dayStart(clock().now());
    expect(weekdayOf(day)).toBe(4);
    await moveClock(day + 20 * HOUR_MS);
    const r = await api('/api/qw/risk/plan/add', { name: '工作时间', userids: [f(), g()], schedule: WORKDAYS, enabled: true });
    expect(r.status, r.message).toBe(200);
    plan = r.data;
    expect(plan).toMatchObject({ name: '工作时间', schedule: WORKDAYS, enabled: true, onlineNow: false, nextChangeAt: day + DAY_MS + 9 * HOUR_MS });
    expect(plan.members.map((x: any) => [x.userid, x.name, x.offline])).toEqual([
      [f(), names.get(f()), true],
      [g(), names.get(g()), true],
    ]);
    await h.server.services.jobs.idle();
    const users = await usersOf();
    expect(users).not.toContain(f());
    expect(users).not.toContain(g());
    const rows = await records(f());
    expect(rows.map((x) => [x.kind, x.action, x.plan_id])).toEqual([['cron', 'offline', plan.id]]);
    expect(rows[0]!.reason).toBe('不在「工作时间」的上线时间（周一至周五 09:00-18:00）');
  });

  it('puts them back at its start and takes them off at its end', async () => {
    const day = dayStart(clock().now()) + DAY_MS;
    await moveClock(day + 9 * HOUR_MS + 30_000);
    expect(await usersOf()).toEqual(expect.arrayContaining([f(), g()]));
    expect((await records(f())).map((x) => [x.action, x.auto, x.reason])).toEqual([
      ['offline', 1, expect.any(String)],
      ['online', 1, '到达上线时间，自动上线'],
    ]);
    const info = await api('/api/qw/risk/plan/info', { id: plan.id });
    expect(info.data).toMatchObject({ onlineNow: true, nextChangeAt: day + 18 * HOUR_MS });

    await moveClock(day + 18 * HOUR_MS + 30_000);
    expect(await usersOf()).not.toContain(f());
    expect((await records(f())).map((x) => x.action)).toEqual(['offline', 'online', 'offline']);
  });

  it('a restored member stays online for the rest of that off period', async () => {
    const rec = (await api('/api/qw/risk/record/list', { userid: f(), active: true })).data.list[0];
    expect(rec).toMatchObject({ kind: 'cron', restorable: true });
    expect((await api('/api/qw/risk/record/restore', { id: rec.id })).status).toBe(200);
    await h.server.services.jobs.idle();
    expect(await usersOf()).toContain(f());
    await moveClock(clock().now() + 5 * 60_000);
    expect(await usersOf()).toContain(f());
    expect(await usersOf()).not.toContain(g());
    expect((await api('/api/qw/risk/plan/info', { id: plan.id })).data.members.map((x: any) => x.offline)).toEqual([false, true]);
  });

  it('update and delete release its members', async () => {
    // g leaves the plan: released now; f is held again by the new version of the plan.
    const r = await api('/api/qw/risk/plan/update', { id: plan.id, name: '工作时间', userids: [f()], schedule: WORKDAYS, enabled: true });
    expect(r.status, r.message).toBe(200);
    await h.server.services.jobs.idle();
    expect(await usersOf()).toContain(g());
    expect(await usersOf()).not.toContain(f());
    expect((await records(g())).at(-1)).toMatchObject({ action: 'online', reason: '风控计划已修改或停用，恢复上线' });

    // All day long: f is back.
    const wide = await api('/api/qw/risk/plan/update', { id: plan.id, name: '全天', userids: [f()], schedule: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '24:00' }], enabled: true });
    expect(wide.data).toMatchObject({ onlineNow: true, nextChangeAt: null });
    await h.server.services.jobs.idle();
    expect(await usersOf()).toContain(f());

    await api('/api/qw/risk/plan/update', { id: plan.id, name: '工作时间', userids: [f()], schedule: WORKDAYS, enabled: true });
    await h.server.services.jobs.idle();
    expect(await usersOf()).not.toContain(f());
    expect((await api('/api/qw/risk/plan/delete', { id: plan.id })).status).toBe(200);
    await h.server.services.jobs.idle();
    expect(await usersOf()).toContain(f());
    await moveClock(clock().now() + 60_000);
    expect(await usersOf()).toContain(f());
    expect((await api('/api/qw/risk/plan/list', {})).data.total).toBe(0);

    const byPlan = await api('/api/qw/risk/record/list', { cronPlanId: plan.id });
    expect(byPlan.data.list.every((x: any) => x.kind === 'cron')).toBe(true);
    expect(byPlan.data.total).toBe((await db().selectFrom('risk_record').select('id').where('kind', '=', 'cron').where('plan_id', '=', plan.id).execute()).length);
  });
});

describe('records', () => {
  it('pages newest first and filters by member, kind, action and what is in force', async () => {
    // One state in force: the hourly cap of 1 again.
    await scan(m[1]!);
    const all = await api('/api/qw/risk/record/list', { pageSize: 100 });
    expect(all.status, all.message).toBe(200);
    const times = all.data.list.map((r: any) => r.createdAt);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(all.data.total).toBe(all.data.list.length);

    const page2 = await api('/api/qw/risk/record/list', { page: 2, pageSize: 3 });
    expect(page2.data.list.map((r: any) => r.id)).toEqual(all.data.list.slice(3, 6).map((r: any) => r.id));
    expect(page2.data.total).toBe(all.data.total);

    const offline = await api('/api/qw/risk/record/list', { action: 'offline', pageSize: 100 });
    expect(offline.data.list.every((r: any) => r.action === 'offline')).toBe(true);
    const active = await api('/api/qw/risk/record/list', { active: true, pageSize: 100 });
    expect(active.data.total).toBeGreaterThan(0);
    expect(active.data.list.every((r: any) => r.restorable)).toBe(true);
    const inForce = await db().selectFrom('member_offline').select('id').where('work_space_id', '=', corp.wsId).where('ended_at', 'is', null).execute();
    expect(active.data.total).toBe(inForce.length);
    const hourly = await api('/api/qw/risk/record/list', { kind: 'limit_hourly', pageSize: 100 });
    expect(hourly.data.list.length).toBeGreaterThan(0);
    expect(hourly.data.list.every((r: any) => r.kind === 'limit_hourly')).toBe(true);
  });
});

describe('validation, tenancy and permissions', () => {
  it('refuses bad plans in Chinese and writes nothing', async () => {
    const cron = (over: Record<string, unknown>) => api('/api/qw/risk/plan/add', { name: '计划', userids: [m[0]!], schedule: WORKDAYS, enabled: true, ...over });
    expect(await cron({ name: '   ' })).toMatchObject({ status: 400, message: '请填写计划名称' });
    expect((await cron({ userids: [] })).status).toBe(400);
    expect(await cron({ userids: ['nobody'] })).toMatchObject({ status: 400, message: '成员 nobody 不存在，请先同步成员' });
    expect(await cron({ userids: [m[0]!, m[0]!] })).toMatchObject({ status: 400, message: `成员 ${m[0]} 重复` });
    expect((await cron({ schedule: [] })).status).toBe(400);
    expect(await cron({ schedule: [{ weekdays: [1], start: '18:00', end: '09:00' }] })).toMatchObject({ status: 400, message: '时间段 18:00-09:00 的结束时间须晚于开始时间' });
    expect((await cron({ schedule: [{ weekdays: [8], start: '09:00', end: '18:00' }] })).status).toBe(400);
    const first = await cron({ name: '早班' });
    expect(first.status, first.message).toBe(200);
    expect(await cron({ name: '晚班' })).toMatchObject({ status: 400, message: `成员「${names.get(m[0]!)}」已在定时上下线计划「早班」中，一位成员只能加入一个定时计划` });
    expect((await api('/api/qw/risk/plan/list', {})).data.total).toBe(1);
    await api('/api/qw/risk/plan/delete', { id: first.data.id });

    const before = (await api('/api/qw/limit/plan/list', {})).data.total;
    expect(await api('/api/qw/limit/plan/add', limitInput())).toMatchObject({ status: 400, message: '请至少设置一项规则' });
    expect(await api('/api/qw/limit/plan/add', limitInput({ dailyCap: 5, hourlyCap: 10 }))).toMatchObject({ status: 400, message: '每小时上限不能大于每日上限' });
    expect((await api('/api/qw/limit/plan/add', limitInput({ dailyCap: -1 }))).status).toBe(400);
    expect((await api('/api/qw/limit/plan/add', limitInput({ burst: { count: 1, minutes: 10 } }))).status).toBe(400);
    expect((await api('/api/qw/limit/plan/add', limitInput({ deleteRate: { percent: 120, minAdds: 3 } }))).status).toBe(400);
    expect(await api('/api/qw/limit/plan/add', limitInput({ dailyCap: 3, userids: ['nobody'] }))).toMatchObject({ status: 400, message: '成员 nobody 不存在，请先同步成员' });
    expect((await api('/api/qw/limit/plan/update', { ...limitInput({ dailyCap: 3 }), id: 999_999 })).status).toBe(404);
    expect((await api('/api/qw/limit/plan/list', {})).data.total).toBe(before);
    expect((await api('/api/qw/risk/plan/info', { id: 999_999 })).status).toBe(404);
  });

  it('hides one tenant’s plans and records from another', async () => {
    const limit = (await api('/api/qw/limit/plan/list', {})).data.list[0];
    const cron = (await api('/api/qw/risk/plan/add', { name: '他人不可见', userids: [m[0]!], schedule: WORKDAYS, enabled: false })).data;
    const record = (await api('/api/qw/risk/record/list', {})).data.list[0];
    const other = await h.register(uniquePhone());
    const otherCorp = await connectCorp(h, other, { seed: 'risk-other' });
    const as = (path: string, body: unknown, headers = otherCorp.headers) => h.api(path, body, other, headers);
    // Someone else's work space, or their ids through one's own.
    expect((await as('/api/qw/limit/plan/list', {}, corp.headers)).status).toBe(404);
    expect((await as('/api/qw/risk/record/list', {}, corp.headers)).status).toBe(404);
    expect((await as('/api/qw/limit/plan/info', { id: limit.id })).status).toBe(404);
    expect((await as('/api/qw/limit/plan/delete', { id: limit.id })).status).toBe(404);
    expect((await as('/api/qw/risk/plan/info', { id: cron.id })).status).toBe(404);
    expect((await as('/api/qw/risk/plan/update', { id: cron.id, name: 'x', userids: [m[0]!], schedule: WORKDAYS, enabled: true })).status).toBe(404);
    expect((await as('/api/qw/risk/record/restore', { id: record.id })).status).toBe(404);
    expect((await as('/api/qw/risk/record/list', {})).data.total).toBe(0);
    // Still there, untouched.
    expect((await api('/api/qw/risk/record/list', {})).data.list[0].id).toBe(record.id);
    await api('/api/qw/risk/plan/delete', { id: cron.id });
  });

  it('refuses a child account without 风控 and serves one with it', async () => {
    const child = async (keys: string[]) => {
      const account = `risk${process.pid % 1000}${keys.length}${Math.floor(Math.random() * 1e4)}`;
      const c = await createChild(h, { account, password: 'kidpass1', permissionKeys: keys }, token);
      expect(c.status, c.message).toBe(200);
      return (await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).data.token as string;
    };
    const without = await child(['staff']);
    for (const path of ['/api/qw/risk/plan/list', '/api/qw/limit/plan/list', '/api/qw/risk/record/list']) {
      expect((await api(path, {}, without)).status, path).toBe(403);
    }
    expect((await api('/api/qw/risk/record/restore', { id: 1 }, without)).status).toBe(403);
    const withRisk = await child(['risk']);
    for (const path of ['/api/qw/risk/plan/list', '/api/qw/limit/plan/list', '/api/qw/risk/record/list']) {
      expect((await api(path, {}, withRisk)).status, path).toBe(200);
    }
    expect((await api('/api/qw/member/find', {}, withRisk)).status).toBe(200);
  });
});
