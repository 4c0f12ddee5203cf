// 群发 against the simulator: a push becomes one WeCom task per member (split at the task cap, here 4),
// each customer once from the member who added them last; members confirm in the simulator; tracking
// (the test clock moved on) reads each customer's result — delivered, no longer a friend, already
// received another push, refused at creation — and the customers at the monthly cap are left out and
// counted; the Excel export; a scheduled push starts at its time; edit / cancel / delete / remind rules;
// and exactly once under a lost answer, -1 and a 45009 storm.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectCorp, contactMembers, until, type ConnectedCorp } from '../helpers/corp.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

const TASK_MAX = 4;
let h: Harness;
let token: string;
let corp: ConnectedCorp;
let members: Array<{ userid: string; name: string }>;

const api = (path: string, body?: unknown) => h.api(path, body, token, corp.headers);
const control = (path: string, body: unknown) => h.simCall('POST', `/control/corps/${corp.corpId}/${path}`, body);
const db = () => h.server.database.kysely;
const idle = () => h.server.services.jobs.idle(undefined, 60_000);
const advance = async (ms: number) => {
  const r = await h.api('/api/test/clock', { advanceMs: ms });
  expect(r.status, r.message).toBe(200);
  await idle();
};

interface SimMessage {
  msgid: string;
  creator: string;
  text: string;
  cancelled: boolean;
  reminders: number;
  members: Array<{ userid: string; status: number; targets: string[] }>;
}
const simMessages = async (text?: string) => {
  const list = (await h.simCall('GET', `/control/corps/${corp.corpId}/mass-messages`)).body.list as SimMessage[];
  return text === undefined ? list : list.filter((m) => m.text === text);
};

/** What a push to every customer reaches: each live customer once, at their latest relation (createtime, then userid). */
async function expectedAudience(): Promise<Map<string, string>> {
  const rows = await db()
    .selectFrom('follow_relation')
    .select(['external_userid', 'userid', 'createtime'])
    .where('work_space_id', '=', corp.wsId)
    .where('deleted_at', 'is', null)
    .where('deleted_by_customer_at', 'is', null)
    .execute();
  const best = new Map<string, { userid: string; createtime: number }>();
  for (const r of rows) {
    const b = best.get(r.external_userid);
    const t = Number(r.createtime);
    if (!b || t > b.createtime || (t === b.createtime && r.userid > b.userid)) best.set(r.external_userid, { userid: r.userid, createtime: t });
  }
  return new Map([...best].map(([k, v]) => [k, v.userid]));
}

/** Each customer of these messages and the tasks they are in. */
function tasksOfCustomers(messages: SimMessage[]) {
  const seen = new Map<string, number>();
  for (const m of messages) for (const u of m.members) for (const t of u.targets) seen.set(t, (seen.get(t) ?? 0) + 1);
  return seen;
}

async function simToken() {
  const r = await fetch(`${h.simUrl}/qyapi/cgi-bin/gettoken?corpid=${corp.corpId}&corpsecret=${corp.secret}`);
  return ((await r.json()) as { access_token: string }).access_token;
}

const daysOfChinaMonth = (t: number) => {
  const d = new Date(t + 8 * 3_600_000);
  return { days: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate(), start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - 8 * 3_600_000 };
};

const body = (text: string, extra: Record<string, unknown> = {}) => ({ name: text.slice(0, 30), chatType: 'single', audience: {}, content: { text, materialIds: [] }, sendAt: null, ...extra });

beforeAll(async () => {
  h = await startHarness({ TEST_CLOCK: 'on', PUSH_TASK_MAX_CUSTOMERS: String(TASK_MAX) });
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'push-test', size: { members: 4, customers: 30, groups: 2, tags: 3 } });
  members = await contactMembers(h, corp.corpId);
}, 90_000);
afterAll(() => h?.close());

describe('a push to customers', () => {
  it('reaches each customer once in tasks of at most the cap, and follows every result to the customer', async () => {
    const audience = await expectedAudience();
    const ids = [...audience.keys()].sort();
    expect(ids.length).toBeGreaterThan(12);
    const [refusedId, overCapId, otherId, goneId] = [ids[0]!, ids[1]!, ids[2]!, ids[3]!];

    // refusedId: the member deleted them in WeCom and the event was lost — the console still counts them, WeCom refuses them
    await h.simCall('POST', '/control/faults', { kind: 'drop-callback', corpId: corp.corpId, count: 1 });
    expect((await control('delete-customer', { userid: audience.get(refusedId), externalUserid: refusedId })).status).toBe(200);
    await h.simCall('DELETE', '/control/faults');

    // overCapId: already received this month's cap of our pushes (as many as the month has days)
    const month = daysOfChinaMonth(h.server.services.clock.now());
    for (let i = 0; i < month.days; i++) {
      const p = await db()
        .insertInto('push')
        .values({ work_space_id: corp.wsId, name: `旧群发${i}`, chat_type: 'single', status: 'done', audience: '{}', content: '{"text":"x","materialIds":[]}', attachments: null, send_at: null, started_at: month.start, finished_at: month.start, plan_cursor: null, error: null, tracked_at: null, next_track_at: null, created_by: 0, created_at: month.start, updated_at: month.start })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db().insertInto('push_target').values({ push_id: Number(p.id), work_space_id: corp.wsId, target_id: overCapId, userid: audience.get(overCapId)!, task_id: null, status: 'sent', send_time: month.start + 1000 }).execute();
    }

    // otherId: reached WeCom's monthly cap through pushes sent from elsewhere
    const t = await simToken();
    for (let i = 0; i < month.days; i++) {
      const m = (await (await fetch(`${h.simUrl}/qyapi/cgi-bin/externalcontact/add_msg_template?access_token=${t}`, { method: 'POST', body: JSON.stringify({ chat_type: 'single', sender: audience.get(otherId), external_userid: [otherId], text: { content: `别处的群发 ${i}` } }) })).json()) as { msgid: string };
      expect((await control('confirm-mass-send', { msgid: m.msgid, userid: audience.get(otherId) })).status).toBe(200);
    }

    const reach = await api('/api/qw/push/reach', { chatType: 'single', audience: {} });
    expect(reach.status, reach.message).toBe(200);
    const senders = new Set([...audience].filter(([id]) => id !== overCapId).map(([, u]) => u));
    expect(reach.data).toEqual({ targets: ids.length - 1, members: senders.size, overCap: 1 });

    const text = '双十二活动：全场满减';
    const added = await api('/api/qw/push/add', body(text));
    expect(added.status, added.message).toBe(200);
    const id = added.data.id;
    await idle();

    // every customer but the one at our cap in exactly one WeCom task, from the member who added them last; ≤4 a task
    const messages = await simMessages(text);
    const seen = tasksOfCustomers(messages);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect([...seen.keys()].sort()).toEqual(ids.filter((i) => i !== overCapId && i !== refusedId));
    for (const m of messages) {
      expect(m.members).toHaveLength(1);
      expect(m.members[0]!.targets.length).toBeLessThanOrEqual(TASK_MAX);
      for (const c of m.members[0]!.targets) expect(audience.get(c)).toBe(m.creator);
    }
    const detail = await api('/api/qw/push/detail', { id });
    // every task is one WeCom message
    expect(detail.data).toMatchObject({ status: 'sending', tasks: messages.length, tasksCreated: messages.length, targets: ids.length - 1, overCap: 1 });

    // goneId: no longer the member's friend when the member sends
    expect((await control('delete-customer', { userid: audience.get(goneId), externalUserid: goneId })).status).toBe(200);
    expect((await control('confirm-mass-send-all', {})).status).toBe(200);
    await advance(5 * 60_000);

    const results = async (status?: string) => {
      const r = await api('/api/qw/push/targets', { id, status });
      expect(r.status, r.message).toBe(200);
      return r.data as { list: Array<{ targetId: string; status: string; sendTime: number | null; memberName: string }>; total: number };
    };
    expect((await results('refused')).list.map((r) => r.targetId)).toEqual([refusedId]);
    expect((await results('over_cap')).list.map((r) => r.targetId)).toEqual([overCapId]);
    expect((await results('received_other')).list.map((r) => r.targetId)).toEqual([otherId]);
    expect((await results('not_friend')).list.map((r) => r.targetId)).toEqual([goneId]);
    expect((await results('unsent')).total).toBe(0);
    const sent = await results('sent');
    expect(sent.total).toBe(ids.length - 4);
    expect(sent.list.every((r) => r.sendTime !== null && r.memberName)).toBe(true);

    const row = (await api('/api/qw/push/list', {})).data.list.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ status: 'done', sent: ids.length - 4, unsent: 0, failed: 3, overCap: 1, members: senders.size, membersSent: senders.size });
    const memberRows = (await api('/api/qw/push/members', { id })).data;
    expect(memberRows.total).toBe(senders.size);
    expect(memberRows.list.every((m: { status: string }) => m.status === 'sent')).toBe(true);

    // the customer's timeline hears of the push once
    const events = await db().selectFrom('customer_event').select(['external_userid', 'detail']).where('work_space_id', '=', corp.wsId).where('kind', '=', 'push').execute();
    expect(events.length).toBe(ids.length - 4);
    expect(JSON.parse(events[0]!.detail ?? '{}')).toMatchObject({ name: text.slice(0, 30) });

    // the export: a row per customer with the Chinese headers
    const res = await fetch(`${h.baseUrl}/api/qw/push/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...corp.headers },
      body: JSON.stringify({ id }),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['客户', '客户ID', '成员', '状态', '发送时间']);
    expect(sheet.actualRowCount - 1).toBe(ids.length);
  }, 120_000);

  it('refuses what cannot be sent, in Chinese', async () => {
    const bad = async (b: unknown, status = 400) => {
      const r = await api('/api/qw/push/add', b);
      expect(r.status, JSON.stringify(b)).toBe(status);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
    };
    await bad(body('', { content: { text: '', materialIds: [] } }));
    await bad(body('过去的时间', { sendAt: h.server.services.clock.now() - 60_000 }));
    await bad(body('太远的时间', { sendAt: h.server.services.clock.now() + 40 * 86_400_000 }));
    await bad(body('群发客户群', { chatType: 'group', audience: { userids: [members[0]!.userid] } }));
    await bad(body('日期', { audience: { addedFrom: '2026-05-02', addedTo: '2026-05-01' } }));
    await bad(body('素材', { content: { text: 'x', materialIds: [99999] } }));
    expect((await api('/api/qw/push/detail', { id: 2 ** 31 + 5 })).status).toBe(400);
    expect((await api('/api/qw/push/detail', { id: 987654 })).status).toBe(404);
  });
});

describe('pushes to groups and to customers in groups', () => {
  it('sends to every group from its owner, and to the customers of chosen groups only', async () => {
    const groups = await db().selectFrom('group_chat').select(['chat_id', 'owner']).where('work_space_id', '=', corp.wsId).execute();
    expect(groups.length).toBeGreaterThan(0);
    const reach = await api('/api/qw/push/reach', { chatType: 'group', audience: {} });
    expect(reach.data).toEqual({ targets: groups.length, members: new Set(groups.map((g) => g.owner)).size, overCap: 0 });
    const text = '群发客户群：新品上市';
    const added = await api('/api/qw/push/add', body(text, { chatType: 'group' }));
    expect(added.status, added.message).toBe(200);
    await idle();
    const made = await simMessages(text);
    for (const m of made) for (const t of m.members[0]!.targets) expect(groups.find((g) => g.chat_id === t)!.owner).toBe(m.creator);
    expect((await control('confirm-mass-send-all', {})).status).toBe(200);
    await advance(5 * 60_000);
    const d = (await api('/api/qw/push/detail', { id: added.data.id })).data;
    expect(d.status === 'done' || d.status === 'failed').toBe(true);
    expect(d.sent + d.failed).toBe(groups.length);
    expect(d.sent).toBe(made.reduce((n, m) => n + m.members[0]!.targets.length, 0));

    // customers of one group only (those who are customers of a live relation)
    const chat = groups[0]!.chat_id;
    const inGroup = new Set(
      (await db().selectFrom('group_member').select('member_id').where('work_space_id', '=', corp.wsId).where('chat_id', '=', chat).where('type', '=', 2).where('left_at', 'is', null).execute()).map((r) => r.member_id),
    );
    const audience = await expectedAudience();
    const expected = [...audience.keys()].filter((c) => inGroup.has(c));
    const r = await api('/api/qw/push/reach', { chatType: 'single', audience: { chatIds: [chat] } });
    expect(r.status, r.message).toBe(200);
    // the customers at a cap (from the first test) are counted apart
    expect(r.data.targets + r.data.overCap).toBe(expected.length);
  }, 60_000);
});

describe('scheduled pushes, edits, cancel, delete and reminders', () => {
  it('starts a scheduled push at its time on the business clock; edits only before; cancels and deletes by the rules', async () => {
    const me = members[0]!.userid;
    const now = h.server.services.clock.now();
    const text = '定时群发：周末见';
    const added = await api('/api/qw/push/add', body(text, { audience: { userids: [me] }, sendAt: now + 3_600_000 }));
    expect(added.status, added.message).toBe(200);
    const id = added.data.id;
    expect((await api('/api/qw/push/update', { id, ...body(`${text}（改）`, { audience: { userids: [me] }, sendAt: now + 3_600_000 }) })).status).toBe(200);
    await advance(30 * 60_000);
    expect((await api('/api/qw/push/detail', { id })).data.status).toBe('scheduled');
    expect(await simMessages(`${text}（改）`)).toHaveLength(0);
    await advance(31 * 60_000);
    expect((await api('/api/qw/push/detail', { id })).data.status).toBe('sending');
    const made = await simMessages(`${text}（改）`);
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((m) => m.creator === me)).toBe(true);
    expect((await api('/api/qw/push/update', { id, ...body(text, { audience: { userids: [me] }, sendAt: null }) })).status).toBe(400);
    expect((await api('/api/qw/push/delete', { id })).status).toBe(400);

    // reminders: three a task within 24 hours, as WeCom allows
    for (let i = 0; i < 3; i++) expect((await api('/api/qw/push/remind', { id })).data).toEqual({ reminded: made.length, skipped: 0 });
    expect((await api('/api/qw/push/remind', { id, userid: me })).data).toEqual({ reminded: 0, skipped: made.length });
    expect((await simMessages(`${text}（改）`)).every((m) => m.reminders === 3)).toBe(true);

    // cancel while sending: the member can no longer send it
    expect((await api('/api/qw/push/cancel', { id })).status).toBe(200);
    expect((await simMessages(`${text}（改）`)).every((m) => m.cancelled)).toBe(true);
    const members2 = (await api('/api/qw/push/members', { id })).data;
    expect(members2.list[0].status).toBe('cancelled');
    expect((await api('/api/qw/push/remind', { id })).status).toBe(400);
    expect((await api('/api/qw/push/delete', { id })).status).toBe(200);
    expect((await api('/api/qw/push/detail', { id })).status).toBe(404);

    // a scheduled push cancelled never starts
    const later = await api('/api/qw/push/add', body('取消的定时群发', { audience: { userids: [me] }, sendAt: h.server.services.clock.now() + 120_000 }));
    expect((await api('/api/qw/push/cancel', { id: later.data.id })).status).toBe(200);
    await advance(5 * 60_000);
    expect((await api('/api/qw/push/detail', { id: later.data.id })).data.status).toBe('cancelled');
    expect(await simMessages('取消的定时群发')).toHaveLength(0);
  }, 120_000);

  it('reminds again a day later (both clocks moved on)', async () => {
    const me = members[1]!.userid;
    const text = '提醒测试群发';
    const added = await api('/api/qw/push/add', body(text, { audience: { userids: [me] } }));
    await idle();
    const n = (await simMessages(text)).length;
    expect(n).toBeGreaterThan(0);
    expect((await api('/api/qw/push/remind', { id: added.data.id })).data).toEqual({ reminded: n, skipped: 0 });
    await h.simCall('POST', '/control/clock', { ms: 25 * 3_600_000 });
    await advance(25 * 3_600_000);
    expect((await api('/api/qw/push/remind', { id: added.data.id })).data).toEqual({ reminded: n, skipped: 0 });
  }, 60_000);
});

describe('exactly once', () => {
  it('a lost answer, -1 and a 45009 storm neither lose nor double a task', async () => {
    const audience = await expectedAudience();
    const text = '每位客户只收到一次';
    await h.simCall('POST', '/control/faults', { kind: 'lost-response', corpId: corp.corpId, path: 'externalcontact/add_msg_template', count: 2 });
    await h.simCall('POST', '/control/faults', { kind: 'busy', corpId: corp.corpId, path: 'externalcontact/add_msg_template', count: 2 });
    await h.simCall('POST', '/control/faults', { kind: 'rate-limit', corpId: corp.corpId, path: 'externalcontact/add_msg_template', count: 3 });
    await h.simCall('POST', '/control/faults', { kind: 'rate-limit', corpId: corp.corpId, path: 'externalcontact/get_groupmsg_list_v2', count: 2 });
    const added = await api('/api/qw/push/add', body(text));
    expect(added.status, added.message).toBe(200);
    const id = added.data.id;
    const tasks = async () => db().selectFrom('push_task').selectAll().where('push_id', '=', id).execute();
    await until('every task made', async () => {
      await idle();
      const ts = await tasks();
      return ts.length > 0 && ts.every((t) => t.msgid !== null);
    }, 90_000);
    const faults = (await h.simCall('GET', '/control/faults')).body.list as Array<{ kind: string; hits: number }>;
    expect(faults.find((f) => f.kind === 'lost-response')!.hits).toBe(2);
    await h.simCall('DELETE', '/control/faults');
    // the two unanswered tasks were looked for (get_groupmsg_list_v2) and adopted, not made again
    const calls = (await h.simCall('GET', `/control/calls?corpId=${corp.corpId}`)).body.calls as Record<string, number>;
    expect(calls['externalcontact/get_groupmsg_list_v2']).toBeGreaterThanOrEqual(2);
    const messages = await simMessages(text);
    const ts = await tasks();
    expect(messages.length).toBe(ts.length);
    expect(new Set(ts.map((t) => t.msgid))).toEqual(new Set(messages.map((m) => m.msgid)));
    const seen = tasksOfCustomers(messages);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    const targets = await db().selectFrom('push_target').select(['target_id', 'status']).where('push_id', '=', id).execute();
    const live = targets.filter((t) => t.status === 'unsent').map((t) => t.target_id).sort();
    expect([...seen.keys()].sort()).toEqual(live);
    expect(live.every((c) => audience.has(c))).toBe(true);
  }, 120_000);
});
