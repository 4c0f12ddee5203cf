// 资源包 through the API on SQLite or PostgreSQL (TEST_DATABASE_URL): the trial at registration, binding,
// transfer, unbinding, migration between work spaces, figures, validation in Chinese, tenancy, a view-only
// child, 50 concurrent binds against 10 free seats, channel codes offering only members with a seat, and
// expiry with the business clock writing seat_expiring notices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_SEATS } from '@scrm/contracts/seat';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, contactMembers, until, type ConnectedCorp } from '../helpers/corp.js';
import { createChild } from '../helpers/child.js';

const DEBUG = 'd'.repeat(40);
const ADMIN = 'a'.repeat(40);
const DAY = 86_400_000;

let h: Harness;
let token: string;
let accountId: number;
let corp: ConnectedCorp;
let corp2: ConnectedCorp;
let members: Array<{ userid: string; name: string }>;

const api = (path: string, body?: unknown, t = token, c: ConnectedCorp | null = corp) => h.api(path, body, t, c ? c.headers : {});
const db = () => h.server.database.kysely;
const clear = async () => {
  await db().deleteFrom('seat').where('account_id', '=', accountId).execute();
};
const grant = (count: number, days = 365, id = accountId) => h.api('/api/seat/x/grant', { accountId: id, count, days, code: DEBUG });

beforeAll(async () => {
  h = await startHarness({ DEBUG_LOGIN_CODE: DEBUG, ADMIN_TOKEN: ADMIN, TEST_CLOCK: 'on' });
  token = await h.register(uniquePhone());
  accountId = (await h.api('/api/account/info', {}, token)).data.id;
  corp = await connectCorp(h, token, { seed: 'seat-a', size: { members: 150 } });
  corp2 = await connectCorp(h, token, { seed: 'seat-b', name: '第二科技', size: { members: 4 } });
  members = await contactMembers(h, corp.corpId);
}, 180_000);
afterAll(() => h?.close());

describe('figures and the trial', () => {
  it('gives a new account its trial seats', async () => {
    const trial = await db().selectFrom('seat').selectAll().where('account_id', '=', accountId).where('source', '=', 'trial').execute();
    expect(trial).toHaveLength(TRIAL_SEATS.count);
    expect(trial.every((s) => s.expires_at - s.starts_at === TRIAL_SEATS.days * DAY && s.state === 'free')).toBe(true);
    await db().deleteFrom('seat').where('account_id', '=', accountId).where('source', '<>', 'trial').execute();
    const r = await api('/api/seat/num', {}, token, null);
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ bought: TRIAL_SEATS.count, used: 0, free: TRIAL_SEATS.count, expired: 0, expiring: TRIAL_SEATS.count });
    const info = await api('/api/seat/info', {}, token, null);
    expect(info.data.workSpaces.map((w: any) => w.id).sort()).toEqual([corp.wsId, corp2.wsId].sort());
  });
});

describe('binding', () => {
  beforeAll(async () => {
    await clear();
    expect((await grant(3)).status).toBe(200);
  });

  it('binds, transfers, unbinds and migrates', async () => {
    const [a, b, c] = members;
    const bound = await api('/api/seat/bind/member', { userid: a!.userid });
    expect(bound.status, bound.message).toBe(200);
    expect(bound.data).toMatchObject({ state: 'bound', userid: a!.userid, memberName: a!.name, workSpaceId: corp.wsId });
    const again = await api('/api/seat/bind/member', { userid: a!.userid });
    expect(again.status).toBe(400);
    expect(again.message).toContain('已绑定席位');

    const detail = await api('/api/qw/seat/member/detail', { userid: a!.userid });
    expect(detail.data.seat.id).toBe(bound.data.id);
    const none = await api('/api/qw/seat/member/detail', { userid: c!.userid });
    expect(none.data.seat).toBeNull();

    const tran = await api('/api/seat/bind/member/tran', { id: bound.data.id, userid: b!.userid });
    expect(tran.status, tran.message).toBe(200);
    expect(tran.data.userid).toBe(b!.userid);
    const details = await api('/api/seat/member/bind/details', { userids: [a!.userid, b!.userid] });
    expect(details.data.list.map((x: any) => Boolean(x.seat))).toEqual([false, true]);

    const num = await api('/api/seat/num', {}, token, null);
    expect(num.data).toMatchObject({ bought: 3, used: 1, free: 2 });

    const list = await api('/api/seat/list', { state: 'bound' }, token, null);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0].memberName).toBe(b!.name);

    const moved = await api('/api/seat/migrate/by/qw', { ids: [bound.data.id] }, token, corp2);
    expect(moved.status, moved.message).toBe(200);
    const w2 = moved.data.workSpaces.find((w: any) => w.id === corp2.wsId);
    expect(w2).toMatchObject({ free: 1, used: 0 });
    expect((await api('/api/qw/seat/member/detail', { userid: b!.userid })).data.seat).toBeNull();
    // A seat given to the second work space is not taken for the first one's members.
    const inWs2 = await api('/api/seat/list', { workSpaceId: corp2.wsId }, token, null);
    expect(inWs2.data.list.map((s: any) => s.id)).toEqual([bound.data.id]);
    const wrongSpace = await api('/api/seat/bind/member', { userid: c!.userid, id: bound.data.id });
    expect(wrongSpace.status).toBe(400);
    expect(wrongSpace.message).toContain('其他企业');

    const c1 = await api('/api/seat/bind/member', { userid: c!.userid });
    expect(c1.status, c1.message).toBe(200);
    expect(c1.data.id).not.toBe(bound.data.id);
    const removed = await api('/api/seat/remove', { ids: [c1.data.id] }, token, null);
    expect(removed.status, removed.message).toBe(200);
    expect((await api('/api/seat/num', {}, token, null)).data).toMatchObject({ used: 0, free: 3 });
    const notBound = await api('/api/seat/remove', { ids: [c1.data.id] }, token, null);
    expect(notBound.status).toBe(400);
    expect(notBound.message).toContain('只能解绑');

    const give = await api('/api/seat/bind/qw', { ids: [c1.data.id] }, token, corp2);
    expect(give.status, give.message).toBe(200);
    expect(give.data.workSpaces.find((w: any) => w.id === corp2.wsId).free).toBe(2);
  });

  it('refuses bad input in Chinese', async () => {
    for (const [path, body, hdr] of [
      ['/api/seat/bind/member', { userid: '' }, corp],
      ['/api/seat/bind/member', { userid: 'x', id: 2 ** 31 }, corp],
      ['/api/seat/remove', { ids: [] }, null],
      ['/api/seat/remove', { ids: [2 ** 31 + 5] }, null],
      ['/api/seat/list', { state: 'nope' }, null],
      ['/api/seat/bind/member/tran', { id: 1 }, corp],
    ] as const) {
      const r = await api(path, body, token, hdr);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.message).toMatch(/[\u4e00-\u9fff]/);
    }
    const ghost = await api('/api/seat/bind/member', { userid: 'nobody-here' });
    expect(ghost.status).toBe(400);
    expect(ghost.message).toContain('不存在');
  });

  it("hides another tenant's seats (404) and refuses a view-only child's changes", async () => {
    const other = await h.register(uniquePhone());
    const mine = (await api('/api/seat/list', {}, token, null)).data.list[0];
    const r = await api('/api/seat/remove', { ids: [mine.id] }, other, null);
    expect(r.status).toBe(404);
    expect(r.message).toBe('席位不存在');
    const theirs = await api('/api/seat/list', {}, other, null);
    expect(theirs.data.list.every((s: any) => s.id !== mine.id)).toBe(true);

    const child = await createChild(h, { account: `seatview${Date.now() % 100000}`, password: 'secret123', permissionKeys: [] }, token);
    expect(child.status, child.message).toBe(200);
    // A role holding only the page key (not package.manage).
    const role = await h.api('/api/account/child/permission/create', { name: `只读席位${Date.now() % 10000}`, permissionKeys: ['package', 'staff'] }, token);
    expect(role.status, role.message).toBe(200);
    const kid = await h.api('/api/account/child/create', { account: `seatro${Date.now() % 100000}`, password: 'secret123', roleId: role.data.id, allWorkSpaces: true, workSpaceIds: [] }, token);
    expect(kid.status, kid.message).toBe(200);
    const login = await h.api('/api/account/login', { phone: kid.data.account, password: 'secret123' });
    const kidToken = login.data.token;
    expect((await api('/api/seat/num', {}, kidToken, null)).status).toBe(200);
    const refused = await api('/api/seat/bind/member', { userid: members[5]!.userid }, kidToken);
    expect(refused.status).toBe(403);
    expect((await api('/api/seat/remove', { ids: [mine.id] }, kidToken, null)).status).toBe(403);
  });
});

describe('concurrency', () => {
  it('binds exactly 10 of 50 concurrent requests against 10 free seats', async () => {
    await clear();
    expect((await grant(10)).status).toBe(200);
    const who = members.slice(10, 60);
    expect(who.length).toBe(50);
    expect(members.length).toBeGreaterThan(66);
    const results = await Promise.all(who.map((m) => api('/api/seat/bind/member', { userid: m.userid })));
    const okCount = results.filter((r) => r.status === 200).length;
    expect(okCount).toBe(10);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.message).toContain('没有空闲席位');
    }
    const rows = await db().selectFrom('seat').selectAll().where('account_id', '=', accountId).execute();
    expect(rows.filter((s) => s.state === 'bound')).toHaveLength(10);
    expect(new Set(rows.map((s) => s.userid).filter(Boolean)).size).toBe(10);
    // The same member asked for 20 times at once holds one seat.
    await clear();
    expect((await grant(10)).status).toBe(200);
    const same = await Promise.all(Array.from({ length: 20 }, () => api('/api/seat/bind/member', { userid: members[61]!.userid })));
    expect(same.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await api('/api/seat/num', {}, token, null)).data.used).toBe(1);
  });
});

describe('channel codes and expiry', () => {
  it('offers only members with a seat; expiry takes the seat and notifies', async () => {
    await clear();
    const [a, b] = [members[62]!, members[63]!];
    expect((await grant(1, 10)).status).toBe(200);
    const code = await api('/api/qw/lxw/add', { name: '席位测试', members: [{ userid: a.userid }, { userid: b.userid }], distribution: 'random', dailyCap: 0, schedule: [], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true });
    expect(code.status, code.message).toBe(200);
    // The one free seat went to the first member; the second is shown without a seat and not offered.
    const byUser = new Map(code.data.members.map((m: any) => [m.userid, m]));
    expect((byUser.get(a.userid) as any).offlineReasons).toEqual([]);
    expect((byUser.get(b.userid) as any).offlineReasons).toContain('未绑定席位');
    expect(code.data.receivingUsers).toEqual([a.userid]);

    // Nobody with a seat: refused with a reason.
    const none = await api('/api/qw/lxw/add', { name: '无席位', members: [{ userid: b.userid }], distribution: 'random', dailyCap: 0, schedule: [], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true });
    expect(none.status).toBe(400);
    expect(none.message).toContain('资源包');

    // Expiry: 7-day notice, then the term ends; the seat is marked expired and the notice written.
    const clock = (body: unknown) => h.api('/api/test/clock', body);
    await clock({ advanceMs: 4 * DAY });
    const notes = async () => db().selectFrom('notification').selectAll().where('account_id', '=', accountId).where('kind', '=', 'seat_expiring').orderBy('id').execute();
    await until('7-day notice', async () => (await notes()).length >= 1);
    expect((await notes())[0]!.title).toContain('7 天');
    await clock({ advanceMs: 5.5 * DAY });
    await until('1-day notice', async () => (await notes()).some((n) => n.title.includes('1 天')));
    await clock({ advanceMs: DAY });
    await until('expired notice', async () => (await notes()).some((n) => n.title === '席位已到期'));
    expect((await notes()).map((n) => n.title)).toEqual(['席位将在 7 天内到期', '席位将在 1 天内到期', '席位已到期']);
    expect((await api('/api/seat/num', {}, token, null)).data).toMatchObject({ bought: 0, expired: 1 });
    const info = await api('/api/qw/lxw/info', { id: code.data.id });
    expect(info.data.members.find((m: any) => m.userid === a.userid).offlineReasons).toContain('未绑定席位');

    // An operator renews: the seat is free again (not bound), the code's member can take it.
    const noToken = await h.api('/api/admin/qw/seat/renew', { accountId, days: 30 });
    expect(noToken.status).toBe(401);
    const renewed = await h.api('/api/admin/qw/seat/renew', { accountId, days: 30 }, undefined, { 'x-admin-token': ADMIN });
    expect(renewed.status, renewed.message).toBe(200);
    expect(renewed.data).toMatchObject({ bought: 1, free: 1, expired: 0 });
    await clock({ reset: true });
  });

  it('unbinds the seats of a code’s members in one go', async () => {
    await clear();
    expect((await grant(2)).status).toBe(200);
    const code = await api('/api/qw/lxw/add', { name: '批量解绑', members: [{ userid: members[64]!.userid }, { userid: members[65]!.userid }], distribution: 'random', dailyCap: 0, schedule: [], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true });
    expect(code.status, code.message).toBe(200);
    expect((await api('/api/seat/num', {}, token, null)).data.used).toBe(2);
    const r = await api('/api/qw/lxw/remove/bind/seat/batch', { id: code.data.id });
    expect(r.status, r.message).toBe(200);
    expect(r.data.count).toBe(2);
    expect((await api('/api/seat/num', {}, token, null)).data.used).toBe(0);
  });
});

describe('operations calls', () => {
  it('refuses renew without ADMIN_TOKEN configured and the debug path without DEBUG_LOGIN_CODE', async () => {
    const bare = await startHarness();
    try {
      const r = await bare.api('/api/admin/qw/seat/renew', { accountId: 1, days: 1 }, undefined, { 'x-admin-token': ADMIN });
      expect(r.status).toBe(403);
      expect(r.message).toContain('ADMIN_TOKEN');
      const d = await bare.api('/api/seat/x/grant', { accountId: 1, count: 1, days: 1, code: DEBUG });
      expect(d.status).toBe(404);
    } finally {
      await bare.close();
    }
    const wrong = await h.api('/api/seat/x/grant', { accountId, count: 1, days: 1, code: 'x'.repeat(40) });
    expect(wrong.status).toBe(403);
  }, 120_000);
});
