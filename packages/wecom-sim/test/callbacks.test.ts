// Encrypted callbacks to a receiver that opens them with the client's WecomCrypto: URL verification,
// the events of each happening, redelivery when not acknowledged in time, and the callback faults.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { field, type Receiver, receiverCleared, type Sim, sleep, startReceiver, startSim, stopBoth } from './helpers.js';

let s: Sim;
let rx: Receiver;
let corpId: string;
let wayId: string;
const TOKEN = 'cbToken123';
const KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

beforeAll(async () => {
  s = await startSim({ wecom: { callbackTimeoutMs: 200 } });
  const corp = (await s.call('POST', '/control/corps', { seed: 'callbacks', size: { members: 8, customers: 40, groups: 3, tags: 3 } })).body;
  corpId = corp.corpId;
  rx = await startReceiver({ token: TOKEN, encodingAesKey: KEY, receiveId: corpId });
  wayId = (await s.call('GET', `/control/corps/${corpId}`)).body.contactWays[0].config_id;
});
afterAll(() => stopBoth(s, rx));
beforeEach(async () => {
  await receiverCleared(s, rx);
  rx.answers.length = 0;
  await s.call('DELETE', '/control/faults');
});

const deliveries = async () => (await s.call('GET', `/control/deliveries?corpId=${corpId}`)).body.list;

describe('callback configuration', () => {
  it('verifies the URL with a signed GET and reports it', async () => {
    const set = await s.call('POST', `/control/corps/${corpId}/callback`, { url: rx.url, token: TOKEN, encodingAesKey: KEY });
    expect(set.body).toEqual({ errcode: 0, errmsg: 'ok', verified: true });
    const other = await startReceiver({ token: 'otherToken', encodingAesKey: KEY, receiveId: corpId });
    const wrong = await s.call('POST', `/control/corps/${corpId}/callback`, { url: other.url, token: TOKEN, encodingAesKey: KEY });
    expect(wrong.body.verified).toBe(false);
    await other.close();
    expect((await s.call('POST', `/control/corps/${corpId}/callback`, { url: rx.url, token: TOKEN, encodingAesKey: 'short' })).status).toBe(400);
    expect((await s.call('POST', `/control/corps/${corpId}/callback`, { url: rx.url, token: TOKEN, encodingAesKey: KEY })).body.verified).toBe(true);
    expect((await s.call('GET', `/control/corps/${corpId}`)).body.callback).toEqual({ url: rx.url, verified: true });
  });
});

describe('events', () => {
  it('pushes add_external_contact with the state and a welcome code when a new WeChat user scans a contact way', async () => {
    const scan = (await s.call('POST', `/control/corps/${corpId}/scan`, { configId: wayId, name: '扫码的张三' })).body;
    expect(scan).toMatchObject({ errcode: 0, newCustomer: true, alreadyFriend: false, externalUserid: expect.stringMatching(/^wm/), welcomeCode: expect.any(String) });
    const [ev] = await rx.waitFor(1);
    expect(field(ev!.xml, 'ToUserName')).toBe(corpId);
    expect(field(ev!.xml, 'Event')).toBe('change_external_contact');
    expect(field(ev!.xml, 'ChangeType')).toBe('add_external_contact');
    expect(field(ev!.xml, 'UserID')).toBe(scan.userid);
    expect(field(ev!.xml, 'ExternalUserID')).toBe(scan.externalUserid);
    expect(field(ev!.xml, 'State')).toBe('sim_way_1');
    expect(field(ev!.xml, 'WelcomeCode')).toBe(scan.welcomeCode);
    expect(ev!.query.get('msg_signature')).toMatch(/^[0-9a-f]{40}$/);
    // the customer now exists for the API, with the way's state on the relation
    const snap = (await s.call('GET', `/control/corps/${corpId}/snapshot`)).body;
    const c = snap.customers.find((x: { external_userid: string }) => x.external_userid === scan.externalUserid);
    expect(c).toMatchObject({ name: '扫码的张三', follow_user: [{ userid: scan.userid, state: 'sim_way_1', add_way: 1 }] });
    // the same user scanning again is already a friend: nothing happens
    const again = (await s.call('POST', `/control/corps/${corpId}/scan`, { configId: wayId, externalUserid: scan.externalUserid })).body;
    expect(again).toMatchObject({ alreadyFriend: true, deliveries: [] });
    const d = (await deliveries())[0];
    expect(d).toMatchObject({ event: 'change_external_contact/add_external_contact', attempts: 1, status: 'delivered', target: 'corp' });
  });

  it('pushes the events of deletions, edits, groups and tags', async () => {
    const info = (await s.call('GET', `/control/corps/${corpId}`)).body;
    const [f1, f2] = info.follows;
    const post = (path: string, body: unknown) => s.call('POST', `/control/corps/${corpId}/${path}`, body);
    expect((await post('edit-customer', { userid: f1.userid, externalUserid: f1.externalUserid, remark: '新备注' })).body.errcode).toBe(0);
    expect((await post('delete-customer', { userid: f1.userid, externalUserid: f1.externalUserid })).body.errcode).toBe(0);
    expect((await post('customer-deletes-member', { userid: f2.userid, externalUserid: f2.externalUserid })).body.errcode).toBe(0);
    const group = info.groups[0];
    const joined = (await post('group-join', { chatId: group.chatId })).body;
    expect((await post('group-leave', { chatId: group.chatId, userid: joined.userid })).body.errcode).toBe(0);
    const tag = info.tags[0];
    expect((await post('tag-edit', { action: 'update', id: tag.id, name: '改过的标签' })).body).toMatchObject({ errcode: 0, tagType: 'tag' });
    expect((await post('group-dismiss', { chatId: info.groups[1].chatId })).body.errcode).toBe(0);
    const events = await rx.waitFor(7);
    const kinds = events.map((e) => `${field(e.xml, 'Event')}/${field(e.xml, 'ChangeType')}/${field(e.xml, 'UpdateDetail') ?? ''}`);
    // pushes run side by side, so the order of arrival may differ
    expect([...kinds].sort()).toEqual([
      'change_external_contact/edit_external_contact/',
      'change_external_contact/del_external_contact/',
      'change_external_contact/del_follow_user/',
      'change_external_chat/update/add_member',
      'change_external_chat/update/del_member',
      'change_external_tag/update/',
      'change_external_chat/dismiss/',
    ].sort());
    const tagEvent = events.find((e) => field(e.xml, 'Event') === 'change_external_tag')!;
    expect(field(tagEvent.xml, 'Id')).toBe(tag.id);
    expect(field(tagEvent.xml, 'TagType')).toBe('tag');
    expect(field(events.find((e) => field(e.xml, 'UpdateDetail') === 'add_member')!.xml, 'ChatId')).toBe(group.chatId);
    // the API sees the changes: the member's deletion ends the relation; the customer's leaves it on the member's side
    expect((await post('delete-customer', { userid: f1.userid, externalUserid: f1.externalUserid })).status).toBe(409);
    const snap = (await s.call('GET', `/control/corps/${corpId}/snapshot`)).body;
    const lost = snap.customers.find((c: { external_userid: string }) => c.external_userid === f2.externalUserid);
    expect(lost.follow_user.find((x: { userid: string }) => x.userid === f2.userid)).toMatchObject({ deleted_by_customer: true });
    expect((await post('customer-deletes-member', { userid: f2.userid, externalUserid: f2.externalUserid })).status).toBe(409);
    expect((await post('group-join', { chatId: 'wrnope' })).status).toBe(404);
  });
});

describe('redelivery and callback faults', () => {
  it('redelivers when the receiver does not answer in time', async () => {
    rx.answers.push('hang', 'hang');
    await s.call('POST', `/control/corps/${corpId}/scan`, { configId: wayId });
    await rx.waitFor(3);
    await s.sim.sim.wecom.deliveries.idle();
    expect((await deliveries())[0]).toMatchObject({ attempts: 3, status: 'delivered' });
    expect(new Set(rx.events.map((e) => field(e.xml, 'WelcomeCode'))).size).toBe(1);
  });

  it('gives up after 3 redeliveries', async () => {
    rx.answers.push('500', '500', '500', '500');
    await s.call('POST', `/control/corps/${corpId}/scan`, { configId: wayId });
    await rx.waitFor(4);
    await s.sim.sim.wecom.deliveries.idle();
    expect((await deliveries())[0]).toMatchObject({ attempts: 4, status: 'failed', lastError: 'HTTP 500' });
  });

  it('sends an event twice with dup-callback and not at all with drop-callback', async () => {
    await s.call('POST', '/control/faults', { kind: 'dup-callback', corpId, count: 1 });
    await s.call('POST', `/control/corps/${corpId}/scan`, { configId: wayId });
    await rx.waitFor(2);
    expect(field(rx.events[0]!.xml, 'WelcomeCode')).toBe(field(rx.events[1]!.xml, 'WelcomeCode'));
    await s.sim.sim.wecom.deliveries.idle();
    expect((await deliveries())[0]).toMatchObject({ duplicated: true, status: 'delivered' });

    rx.events.length = 0;
    await s.call('POST', '/control/faults', { kind: 'drop-callback', corpId });
    await s.call('POST', `/control/corps/${corpId}/scan`, { configId: wayId });
    await sleep(300);
    expect(rx.events).toHaveLength(0);
    expect((await deliveries())[0]).toMatchObject({ status: 'dropped', attempts: 0 });
  });
});
