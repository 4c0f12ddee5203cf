// 客户继承 against the simulator: 在职继承 accepted, refused (transfer_fail, once however often it is
// processed) and taken over after 24 hours on WeCom's clock; 离职继承 of a departed member's
// unassigned customers; a departed owner's groups to a new owner; WeCom's refusals kept with their
// reason; the scheduled check; bad input and other tenants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, settle, until, type ConnectedCorp } from '../helpers/corp.js';
import { corpCalls, corpWorld, type CorpWorld } from '../helpers/corp-world.js';

let h: Harness;
let corp: ConnectedCorp;
let members: Array<{ userid: string; name: string }>;
let world: CorpWorld;

const { api, control, snapshot } = corpCalls(() => world);
const customersOf = async (userid: string) =>
  (await snapshot()).customers
    .filter((c: any) => c.follow_user.some((f: any) => f.userid === userid && !f.deleted_by_customer))
    .map((c: any) => c.external_userid as string);
const rows = async (body: object = {}) => {
  const r = await api('/api/qw/transfer/list', { pageSize: 100, ...body });
  expect(r.status, r.message).toBe(200);
  return r.data as { list: any[]; total: number; counts: Record<string, number> };
};
/** The newest transfer of a customer that WeCom started (refusals to start are rows of their own). */
const rowOf = async (externalUserid: string) => (await rows()).list.find((r) => r.externalUserid === externalUserid && r.status !== 0);

beforeAll(async () => {
  world = await corpWorld('transfers', { members: 5, customers: 30, groups: 1, tags: 2 });
  ({ h, corp, members } = world);
}, 60_000);
afterAll(() => h?.close());

describe('在职继承', () => {
  it('lists a member\'s customers to choose from, searchable by name', async () => {
    const handover = members[0]!;
    const theirs = await customersOf(handover.userid);
    const r = await api('/api/qw/transfer/member-customers', { userid: handover.userid, pageSize: 100 });
    expect(r.status, r.message).toBe(200);
    expect(r.data.total).toBe(theirs.length);
    expect(r.data.list.map((c: any) => c.externalUserid).sort()).toEqual([...theirs].sort());
    expect(r.data.list.every((c: any) => !c.waiting && c.addedAt > 0)).toBe(true);
    const one = r.data.list[0];
    const found = await api('/api/qw/transfer/member-customers', { userid: handover.userid, keyword: one.name });
    expect(found.data.list.map((c: any) => c.externalUserid)).toContain(one.externalUserid);
    expect((await api('/api/qw/transfer/member-customers', { userid: handover.userid, keyword: '没有这个人%' })).data.total).toBe(0);
  });

  it('starts transfers, keeps WeCom\'s refusals with their reason, and follows acceptance and refusal', async () => {
    const [handover, takeover] = members;
    const mine = await customersOf(handover!.userid);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const [a, b] = mine;
    const r = await api('/api/qw/transfer/customer', { kind: 'onjob', handoverUserid: handover!.userid, takeoverUserid: takeover!.userid, externalUserids: [a, b, 'wmnope'], message: '您好，由同事接替为您服务' });
    expect(r.status, r.message).toBe(200);
    expect(r.data).toEqual({ started: 2, failed: [{ externalUserid: 'wmnope', errcode: 40096, error: '客户 external_userid 无效' }] });

    let data = await rows();
    expect(data.counts).toEqual({ '0': 1, '2': 2 });
    expect(await rowOf(a!)).toMatchObject({ kind: 'onjob', status: 2, statusText: '等待接替', handoverName: handover!.name, takeoverName: takeover!.name, error: '' });
    expect(data.list.find((x) => x.externalUserid === 'wmnope')).toMatchObject({ status: 0, statusText: '分配失败', error: '客户 external_userid 无效' });

    // a second transfer of a waiting customer: WeCom says it is already being transferred
    const again = await api('/api/qw/transfer/customer', { kind: 'onjob', handoverUserid: handover!.userid, takeoverUserid: members[2]!.userid, externalUserids: [a] });
    expect(again.data.failed[0]).toMatchObject({ errcode: 40129, error: '该客户正在转接中，请等待客户接替完毕' });

    // the customer accepts a and refuses b: the refusal arrives as transfer_fail, the acceptance through the check
    expect((await control('transfer-answer', { externalUserid: a, answer: 'accept' })).status).toBe(200);
    expect((await control('transfer-answer', { externalUserid: b, answer: 'refuse' })).status).toBe(200);
    await settle(h);
    await until('refusal recorded', async () => (await rowOf(b!))?.status === 3);
    expect(await rowOf(b!)).toMatchObject({ statusText: '客户拒绝', takeoverTime: null });
    // processed again (a redelivery, a retried job): nothing changes
    const db = h.server.database.kysely;
    const fail = (await db.selectFrom('callback_event').selectAll().where('work_space_id', '=', corp.wsId).execute()).find((e) => e.raw_xml.includes('transfer_fail'))!;
    await h.server.services.callbacks.process(fail);
    expect((await rowOf(b!)).status).toBe(3);

    expect((await rowOf(a!)).status).toBe(2);
    const checked = await api('/api/qw/transfer/check', {});
    expect(checked.status, checked.message).toBe(200);
    expect(checked.data).toEqual({ checked: 1, changed: 1 });
    expect(await rowOf(a!)).toMatchObject({ status: 1, statusText: '接替完毕', takeoverTime: expect.any(Number) });
    // the customer is read again: the relation is the taker's now
    await settle(h);
    const follows = await db.selectFrom('follow_relation').select(['userid', 'deleted_at']).where('work_space_id', '=', corp.wsId).where('external_userid', '=', a!).execute();
    expect(follows.find((f) => f.userid === takeover!.userid && f.deleted_at === null)).toBeTruthy();
    expect(follows.find((f) => f.userid === handover!.userid && f.deleted_at === null)).toBeUndefined();
    data = await rows({ status: 1 });
    expect(data.list.map((x) => x.externalUserid)).toEqual([a]);
    // the member's list no longer has a; b (refused) is theirs still and no longer waiting
    const left = (await api('/api/qw/transfer/member-customers', { userid: handover!.userid, pageSize: 100 })).data.list;
    expect(left.map((c: any) => c.externalUserid)).not.toContain(a);
    expect(left.find((c: any) => c.externalUserid === b)).toMatchObject({ waiting: false });

    // each ended transfer is on its customer's timeline once (the refusal was processed twice above)
    const events = await db.selectFrom('customer_event').selectAll().where('work_space_id', '=', corp.wsId).where('kind', '=', 'transfer').execute();
    expect(events.map((e) => [e.external_userid, e.userid, JSON.parse(e.detail).status]).sort()).toEqual(
      [
        [a, takeover!.userid, 1],
        [b, takeover!.userid, 3],
      ].sort(),
    );
  });

  it('a customer who does nothing is taken over after 24 hours (the scheduled check finds it)', async () => {
    const [handover, , third] = members;
    const c = (await customersOf(handover!.userid))[0]!;
    const r = await api('/api/qw/transfer/customer', { kind: 'onjob', handoverUserid: handover!.userid, takeoverUserid: third!.userid, externalUserids: [c] });
    expect(r.data.started).toBe(1);
    const waiting = await rowOf(c);
    expect(waiting.status).toBe(2);
    expect(waiting.takeoverTime).toBeNull();
    await h.server.services.transfers.checkJob();
    expect((await rowOf(c)).status).toBe(2);
    expect((await h.simCall('POST', '/control/clock', { ms: 24 * 3600_000 + 1000 })).status).toBe(200);
    await h.server.services.transfers.checkJob();
    expect(await rowOf(c)).toMatchObject({ status: 1, takeoverUserid: third!.userid });
  });

  it('refuses the same member on both sides and bad bodies in Chinese', async () => {
    const u = members[0]!.userid;
    const same = await api('/api/qw/transfer/customer', { kind: 'onjob', handoverUserid: u, takeoverUserid: u, externalUserids: ['x'] });
    expect(same).toMatchObject({ status: 400, message: '接替成员不能是原跟进成员' });
    // strangers are refused before WeCom is asked
    const stranger = await api('/api/qw/transfer/customer', { kind: 'onjob', handoverUserid: u, takeoverUserid: 'nobody', externalUserids: ['x'] });
    expect(stranger).toMatchObject({ status: 400, message: '成员 nobody 不存在，请先同步成员' });
    expect(await api('/api/qw/transfer/group', { chatIds: ['wr1'], newOwner: 'nobody' })).toMatchObject({ status: 400, message: '成员 nobody 不存在，请先同步成员' });
    const none = await api('/api/qw/transfer/customer', { kind: 'onjob', handoverUserid: u, takeoverUserid: 'v', externalUserids: [] });
    expect(none.status).toBe(400);
    expect(none.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await api('/api/qw/transfer/customer', { kind: 'later', handoverUserid: u, takeoverUserid: 'v', externalUserids: ['x'] })).status).toBe(400);
    expect((await api('/api/qw/transfer/list', { status: 9 })).status).toBe(400);
  });
});

describe('离职继承', () => {
  it('lists a departed member\'s customers, hands them over, and moves their groups to a new owner', async () => {
    const leaver = members[members.length - 1]!;
    const takeover = members[0]!;
    const theirs = await customersOf(leaver.userid);
    expect(theirs.length).toBeGreaterThan(0);
    const chatId = (await control('group-create', { owner: leaver.userid, name: '离职成员的群' })).body.chatId as string;
    expect((await control('member-leave', { userid: leaver.userid })).status).toBe(200);
    await settle(h);

    const un = await api('/api/qw/transfer/unassigned', {});
    expect(un.status, un.message).toBe(200);
    expect(un.data.total).toBe(theirs.length);
    expect(un.data.list.map((x: any) => x.externalUserid).sort()).toEqual([...theirs].sort());
    expect(un.data.list[0]).toMatchObject({ handoverUserid: leaver.userid, dimissionTime: expect.any(Number) });
    expect(un.data.list[0].customerName).not.toBe(un.data.list[0].externalUserid);

    const r = await api('/api/qw/transfer/customer', { kind: 'resigned', handoverUserid: leaver.userid, takeoverUserid: takeover.userid, externalUserids: theirs });
    expect(r.status, r.message).toBe(200);
    expect(r.data.started).toBe(theirs.length);
    expect((await api('/api/qw/transfer/unassigned', {})).data.total).toBe(0);
    await control('transfer-answer', { externalUserid: theirs[0], answer: 'limit' });
    await settle(h);
    await until('limit recorded', async () => (await rowOf(theirs[0]!))?.status === 4);
    expect((await rowOf(theirs[0]!)).statusText).toBe('接替成员客户达到上限');
    const resigned = await rows({ kind: 'resigned' });
    expect(resigned.total).toBe(theirs.length);
    expect(resigned.list.every((x) => x.kind === 'resigned')).toBe(true);

    const waitingGroups = await api('/api/qw/transfer/group/list', {});
    expect(waitingGroups.status, waitingGroups.message).toBe(200);
    const waitingGroup = waitingGroups.data.list.find((g: any) => g.chatId === chatId);
    expect(waitingGroup).toMatchObject({ name: '离职成员的群', owner: leaver.userid, memberCount: 1 });
    // the name while the address book still has them (the member sync runs a moment after delete_user), then the userid
    expect([leaver.name, leaver.userid]).toContain(waitingGroup.ownerName);

    const moved = await api('/api/qw/transfer/group', { chatIds: [chatId, 'wrnope'], newOwner: takeover.userid });
    expect(moved.status, moved.message).toBe(200);
    expect(moved.data).toEqual({ moved: 1, failed: [{ chatId: 'wrnope', errcode: 90500, error: '客户群不存在' }] });
    const group = await api('/api/qw/group/detail', { chatId });
    expect(group.data.group).toMatchObject({ owner: takeover.userid, ownerName: takeover.name, status: 3 });
    expect((await api('/api/qw/transfer/group/list', {})).data.list.map((g: any) => g.chatId)).not.toContain(chatId);
  });
});

describe('other tenants', () => {
  it('see none of these transfers', async () => {
    const other = await h.register(uniquePhone());
    const theirs = await connectCorp(h, other, { seed: 'transfers-other', size: { members: 3, customers: 3, groups: 0, tags: 1 } });
    const r = await api('/api/qw/transfer/list', {}, other, theirs.headers);
    expect(r.data).toEqual({ list: [], total: 0, counts: {} });
    expect((await api('/api/qw/transfer/list', {}, other, corp.headers)).status).toBe(404);
  });
});
