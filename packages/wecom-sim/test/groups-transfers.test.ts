// Group chat happenings with their change_external_chat events, and customer transfers (在职继承 and
// 离职继承): acceptance, refusal with transfer_fail, the 24-hour acceptance on the simulator's clock,
// unassigned customers of a departed member and a departed owner's groups.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { field, receiverCleared, type Sim, startReceiver, startSim, stopBoth } from './helpers.js';

let s: Sim;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let corpId: string;
let token: string;
const TOKEN = 'cbToken123';
const KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const api = (path: string, body?: unknown) => s.api(`${path}?access_token=${token}`, body);
const post = (path: string, body: unknown) => s.call('POST', `/control/corps/${corpId}/${path}`, body);

beforeAll(async () => {
  s = await startSim({ wecom: { callbackTimeoutMs: 500 } });
  const corp = (await s.call('POST', '/control/corps', { seed: 'groups-transfers', size: { members: 6, customers: 30, groups: 2, tags: 2 } })).body;
  corpId = corp.corpId;
  token = (await s.api(`gettoken?corpid=${corpId}&corpsecret=${corp.secret}`)).access_token;
  rx = await startReceiver({ token: TOKEN, encodingAesKey: KEY, receiveId: corpId });
  expect((await post('callback', { url: rx.url, token: TOKEN, encodingAesKey: KEY })).body.verified).toBe(true);
});
afterAll(() => stopBoth(s, rx));
beforeEach(async () => {
  await receiverCleared(s, rx);
});

async function contacts() {
  const snap = (await s.call('GET', `/control/corps/${corpId}/snapshot`)).body;
  return { snap, members: snap.members.filter((m: { customer_contact: boolean }) => m.customer_contact).map((m: { userid: string }) => m.userid) as string[] };
}

describe('group chats', () => {
  it('creates, joins, quits and renames with the events WeCom sends, and groupchat/get follows', async () => {
    const { snap, members } = await contacts();
    const [owner, other] = members;
    const customer = snap.customers[0].external_userid;
    const created = (await post('group-create', { owner, name: '新品交流群' })).body;
    expect(created).toMatchObject({ errcode: 0, chatId: expect.any(String) });
    const chatId = created.chatId;
    expect((await post('group-join', { chatId, externalUserid: customer, joinScene: 2, invitor: other })).body.errcode).toBe(0);
    expect((await post('group-leave', { chatId, userid: customer, quitScene: 1 })).body.errcode).toBe(0);
    expect((await post('group-rename', { chatId, name: '老客户群' })).body.errcode).toBe(0);
    const events = await rx.waitFor(4);
    const byKind = (detail: string) => events.find((e) => field(e.xml, 'UpdateDetail') === detail)!.xml;
    expect(events.some((e) => field(e.xml, 'ChangeType') === 'create' && field(e.xml, 'ChatId') === chatId)).toBe(true);
    const join = byKind('add_member');
    expect([field(join, 'JoinScene'), field(join, 'MemChangeCnt'), field(join, 'LastMemVer'), field(join, 'CurMemVer')]).toEqual(['2', '1', '1', '2']);
    expect(join).toContain(`<MemChangeList><Item><![CDATA[${customer}]]></Item></MemChangeList>`);
    const quit = byKind('del_member');
    expect([field(quit, 'QuitScene'), field(quit, 'CurMemVer')]).toEqual(['1', '3']);
    expect(byKind('change_name')).toBeTruthy();

    expect((await post('group-join', { chatId, externalUserid: customer, joinScene: 1 })).body.errcode).toBe(0);
    const got = await api('externalcontact/groupchat/get', { chat_id: chatId, need_name: 1 });
    expect(got.group_chat).toMatchObject({ name: '老客户群', owner, member_version: '4' });
    expect(got.group_chat.member_list.find((m: { userid: string }) => m.userid === customer)).toMatchObject({ type: 2, join_scene: 1, invitor: { userid: owner } });
    const listed = await api('externalcontact/groupchat/list', { limit: 100 });
    expect(listed.group_chat_list.map((g: { chat_id: string }) => g.chat_id)).toContain(chatId);
    expect((await post('group-create', { owner: 'nobody' })).status).toBe(404);
  });
});

describe('transfers', () => {
  it('在职继承: the customer accepts, refuses, or is taken over after 24 hours on the simulator clock', async () => {
    const { snap, members } = await contacts();
    const [handover, takeover] = members;
    const mine = snap.customers.filter((c: { follow_user: Array<{ userid: string; deleted_by_customer?: boolean }> }) => c.follow_user.some((f) => f.userid === handover && !f.deleted_by_customer));
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = mine.map((x: { external_userid: string }) => x.external_userid);
    const started = await api('externalcontact/transfer_customer', { handover_userid: handover, takeover_userid: takeover, external_userid: [a, b, c, 'wmnope'] });
    expect(started.customer).toEqual([
      { external_userid: a, errcode: 0 },
      { external_userid: b, errcode: 0 },
      { external_userid: c, errcode: 0 },
      { external_userid: 'wmnope', errcode: 40096 },
    ]);
    // one at a time per customer
    expect((await api('externalcontact/transfer_customer', { handover_userid: handover, takeover_userid: takeover, external_userid: [a] })).customer[0].errcode).toBe(40129);
    const waiting = await api('externalcontact/transfer_result', { handover_userid: handover, takeover_userid: takeover });
    expect(waiting.customer.map((x: { status: number }) => x.status)).toEqual([2, 2, 2]);
    expect(waiting.customer[0].takeover_time).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);

    expect((await post('transfer-answer', { externalUserid: a, answer: 'accept' })).body).toMatchObject({ status: 1 });
    expect((await post('transfer-answer', { externalUserid: b, answer: 'refuse' })).body).toMatchObject({ status: 3, takeover_time: 0 });
    const [fail] = await rx.waitFor(1);
    expect([field(fail.xml, 'ChangeType'), field(fail.xml, 'FailReason'), field(fail.xml, 'UserID'), field(fail.xml, 'ExternalUserID')]).toEqual([
      'transfer_fail',
      'customer_refused',
      takeover,
      b,
    ]);
    expect((await post('transfer-answer', { externalUserid: b, answer: 'accept' })).status).toBe(404);

    // a day later the last one is taken over on its own
    expect((await s.call('POST', '/control/clock', { ms: 24 * 3600_000 })).body.errcode).toBe(0);
    const after = await api('externalcontact/transfer_result', { handover_userid: handover, takeover_userid: takeover });
    expect(Object.fromEntries(after.customer.map((x: { external_userid: string; status: number }) => [x.external_userid, x.status]))).toEqual({ [a]: 1, [b]: 3, [c]: 1 });
    // the relations moved: the taker has a and c, the handover only b
    const followers = async (id: string) =>
      ((await s.api(`externalcontact/get?access_token=${token}&external_userid=${id}`)).follow_user as Array<{ userid: string }>).map((f) => f.userid);
    expect(await followers(a)).toContain(takeover);
    expect(await followers(a)).not.toContain(handover);
    expect(await followers(b)).toContain(handover);
    expect(await followers(c)).not.toContain(handover);
  });

  it('离职继承: a departed member\'s customers are unassigned until transferred; their groups go to a new owner', async () => {
    const { snap, members } = await contacts();
    const leaver = members[members.length - 1]!;
    const takeover = members[0]!;
    const theirs = snap.customers
      .filter((c: { follow_user: Array<{ userid: string }> }) => c.follow_user.some((f) => f.userid === leaver))
      .map((c: { external_userid: string }) => c.external_userid);
    const group = (await post('group-create', { owner: leaver, name: '离职成员的群' })).body.chatId;
    // in-service transfer refuses a departed member and the resigned one a present member
    expect((await api('externalcontact/resigned/transfer_customer', { handover_userid: takeover, takeover_userid: members[1], external_userid: ['x'] })).errcode).toBe(40058);

    const left = (await post('member-leave', { userid: leaver })).body;
    expect(left.errcode).toBe(0);
    const [gone] = await rx.waitFor(2).then((e) => e.filter((x) => field(x.xml, 'ChangeType') === 'delete_user'));
    expect(field(gone!.xml, 'UserID')).toBe(leaver);
    const list = await api('externalcontact/get_unassigned_list', { page_size: 1000 });
    expect(list).toMatchObject({ errcode: 0, is_last: true });
    expect(list.info.filter((i: { handover_userid: string }) => i.handover_userid === leaver).map((i: { external_userid: string }) => i.external_userid).sort()).toEqual([...theirs].sort());
    expect(list.info[0].dimission_time).toBe(left.departedAt);
    expect((await s.api(`user/get?access_token=${token}&userid=${leaver}`)).errcode).toBe(60111);

    if (theirs.length) {
      const started = await api('externalcontact/resigned/transfer_customer', { handover_userid: leaver, takeover_userid: takeover, external_userid: theirs });
      expect(started.customer.every((x: { errcode: number }) => x.errcode === 0)).toBe(true);
      // waiting transfers leave the unassigned list
      const now = await api('externalcontact/get_unassigned_list', {});
      expect(now.info.filter((i: { handover_userid: string }) => i.handover_userid === leaver)).toEqual([]);
      await post('transfer-answer', { externalUserid: theirs[0], answer: 'limit' });
      const result = await api('externalcontact/resigned/transfer_result', { handover_userid: leaver, takeover_userid: takeover });
      expect(result.customer.find((x: { external_userid: string }) => x.external_userid === theirs[0]).status).toBe(4);
      // the in-service result knows nothing of these
      expect((await api('externalcontact/transfer_result', { handover_userid: leaver, takeover_userid: takeover })).customer).toEqual([]);
    }

    const moved = await api('externalcontact/groupchat/transfer', { chat_id_list: [group, 'wrnope'], new_owner: takeover });
    expect(moved.failed_chat_list).toEqual([{ chat_id: 'wrnope', errcode: 90500, errmsg: 'chat not exist' }]);
    const got = await api('externalcontact/groupchat/get', { chat_id: group });
    expect(got.group_chat.owner).toBe(takeover);
    expect((await api('externalcontact/groupchat/list', { status_filter: 3, limit: 100 })).group_chat_list).toContainEqual({ chat_id: group, status: 3 });
  });
});
