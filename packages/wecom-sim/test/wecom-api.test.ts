// The WeCom server API of the simulator over real HTTP: every endpoint family's happy path and an
// error, tokens, cursor paging, frequency limits and injected faults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenStore } from '../src/wecom/tokens.js';
import { type Sim, sleep, startSim } from './helpers.js';

let s: Sim;
let corpId: string;
let secret: string;
let contactSecret: string;
let token: string;

const ERRMSG = /^.+, hint: \[.+\], from ip: .+, more info at https:\/\/open\.work\.weixin\.qq\.com\/devtool\/query\?e=\d+$/;
const api = (path: string, body?: unknown) => s.api(`${path}${path.includes('?') ? '&' : '?'}access_token=${token}`, body);

/** Follows every cursor; returns all items. */
async function drain(path: string, body: Record<string, unknown>, key: string, cursorKey = 'next_cursor') {
  const all: unknown[] = [];
  let cursor = '';
  for (let i = 0; i < 10_000; i++) {
    const r = await api(path, { ...body, cursor });
    expect(r.errcode).toBe(0);
    all.push(...r[key]);
    cursor = r[cursorKey];
    if (!cursor) break;
  }
  return all;
}

beforeAll(async () => {
  s = await startSim({ wecom: { followPageSize: 2, welcomeCodeTtlMs: 400 } });
  const corp = (await s.call('POST', '/control/corps', { seed: 'api-test', size: { departments: 6, members: 25, customers: 300, groups: 23, tags: 4 } })).body;
  ({ corpId, secret, contactSecret } = corp);
  token = (await s.api(`gettoken?corpid=${corpId}&corpsecret=${secret}`)).access_token;
});
afterAll(async () => {
  await s?.sim.close();
});

describe('gettoken and tokens', () => {
  it('issues one token per corp and secret, 7200 s, and refuses bad credentials', async () => {
    const again = await s.api(`gettoken?corpid=${corpId}&corpsecret=${secret}`);
    expect(again).toMatchObject({ errcode: 0, errmsg: 'ok', access_token: token });
    expect(again.expires_in).toBeGreaterThan(7190);
    const contacts = await s.api(`gettoken?corpid=${corpId}&corpsecret=${contactSecret}`);
    expect(contacts.access_token).not.toBe(token);
    expect((await s.api(`gettoken?corpid=wwnope&corpsecret=${secret}`)).errcode).toBe(40013);
    const wrong = await s.api(`gettoken?corpid=${corpId}&corpsecret=nope`);
    expect(wrong.errcode).toBe(40001);
    expect(wrong.errmsg).toMatch(ERRMSG);
    expect(wrong.errmsg).toContain('e=40001');
    expect((await s.api(`gettoken?corpsecret=x`)).errcode).toBe(41002);
  });

  it('answers 40014 for an unknown token, 41001 for none, 42001 once invalidated, and then issues a new one', async () => {
    expect((await s.api('department/list?access_token=bogus')).errcode).toBe(40014);
    expect((await s.api('department/list')).errcode).toBe(41001);
    const t = (await s.api(`gettoken?corpid=${corpId}&corpsecret=${secret}`)).access_token;
    expect((await s.call('POST', '/control/faults', { kind: 'token-expire', corpId })).body).toMatchObject({ errcode: 0, expired: expect.any(Number) });
    expect((await s.api(`department/list?access_token=${t}`)).errcode).toBe(42001);
    token = (await s.api(`gettoken?corpid=${corpId}&corpsecret=${secret}`)).access_token;
    expect(token).not.toBe(t);
    expect((await api('department/list')).errcode).toBe(0);
  });

  it('reads bodies as JSON whatever the content type, and answers 47001 to bad JSON', async () => {
    const post = async (body: string, type?: string) =>
      (await fetch(`${s.base}/qyapi/cgi-bin/externalcontact/groupchat/list?access_token=${token}`, { method: 'POST', headers: type ? { 'content-type': type } : {}, body })).json();
    expect((await post('{"limit": 2}', 'text/plain')).errcode).toBe(0);
    expect((await post('{"limit": 2}')).errcode).toBe(0);
    const bad = await post('{nope', 'application/json');
    expect(bad.errcode).toBe(47001);
    expect(bad.errmsg).toMatch(ERRMSG);
  });

  it('expires tokens after 7200 s', () => {
    const store = new TokenStore();
    const t0 = 1_000_000;
    const { token: t, expires_in } = store.issue('k', 'corp', 'ww1', 'app', t0);
    expect(expires_in).toBe(7200);
    expect(store.check(t, 'corp', t0 + 7_199_000)).toMatchObject({ subject: 'ww1' });
    expect(store.check(t, 'corp', t0 + 7_200_001)).toBe('expired');
    expect(store.issue('k', 'corp', 'ww1', 'app', t0 + 7_200_001).token).not.toBe(t);
    expect(store.check(t, 'suite', t0)).toBe('invalid');
  });
});

describe('address book', () => {
  it('lists departments, members (with children) and one member', async () => {
    const all = await api('department/list');
    expect(all.department).toHaveLength(6);
    expect(all.department[0]).toMatchObject({ id: 1, parentid: 0, name: expect.any(String) });
    const users = await api('user/list?department_id=1&fetch_child=1');
    expect(users.userlist).toHaveLength(25);
    const simple = await api('user/simplelist?department_id=1&fetch_child=1');
    expect(simple.userlist[0]).toEqual({ userid: expect.any(String), name: expect.any(String), department: expect.any(Array), open_userid: expect.any(String) });
    const one = await api(`user/get?userid=${users.userlist[3].userid}`);
    expect(one).toMatchObject({ errcode: 0, userid: users.userlist[3].userid, name: users.userlist[3].name });
    expect((await api('user/get?userid=nobody')).errcode).toBe(60111);
    expect((await api('user/list?department_id=999')).errcode).toBe(60123);
  });

  it('pages user/list_id with the contacts secret only', async () => {
    expect((await api('user/list_id', { limit: 10 })).errcode).toBe(48002);
    const saved = token;
    token = (await s.api(`gettoken?corpid=${corpId}&corpsecret=${contactSecret}`)).access_token;
    const pairs = (await drain('user/list_id', { limit: 4 }, 'dept_user')) as Array<{ userid: string }>;
    expect(new Set(pairs.map((p) => p.userid)).size).toBe(25);
    expect((await api('externalcontact/get_follow_user_list')).errcode).toBe(48002);
    expect((await api('user/list_id', { limit: 10_001 })).errcode).toBe(40058);
    token = saved;
  });
});

describe('customers', () => {
  it('lists follow users and their customers, and gets a customer with paged follow users', async () => {
    const follow = (await api('externalcontact/get_follow_user_list')).follow_user as string[];
    expect(follow.length).toBeGreaterThan(0);
    const list = await api(`externalcontact/list?userid=${follow[0]}`);
    expect(list.external_userid.length).toBeGreaterThan(0);
    // a customer with three follow users: pages of two (followPageSize) with next_cursor
    const snap = (await s.call('GET', `/control/corps/${corpId}/snapshot`)).body;
    const three = snap.customers.find((c: { follow_user: unknown[] }) => c.follow_user.length === 3);
    const first = await api(`externalcontact/get?external_userid=${three.external_userid}`);
    expect(first.external_contact).toMatchObject({ external_userid: three.external_userid, name: three.name, type: expect.any(Number) });
    expect(first.follow_user).toHaveLength(2);
    expect(first.next_cursor).toBeTruthy();
    const second = await api(`externalcontact/get?external_userid=${three.external_userid}&cursor=${first.next_cursor}`);
    expect(second.follow_user).toHaveLength(1);
    expect(second.next_cursor).toBeUndefined();
    expect([...first.follow_user, ...second.follow_user].map((f: { userid: string }) => f.userid)).toEqual(three.follow_user.map((f: { userid: string }) => f.userid));
    expect((await api('externalcontact/get?external_userid=wmnope')).errcode).toBe(40096);
    expect((await api('externalcontact/list?userid=nobody')).errcode).toBe(40003);
  });

  it('pages batch/get_by_user so every relation comes exactly once', async () => {
    const follow = (await api('externalcontact/get_follow_user_list')).follow_user as string[];
    const userids = follow.slice(0, 10);
    const items = (await drain('externalcontact/batch/get_by_user', { userid_list: userids, limit: 7 }, 'external_contact_list')) as Array<{
      external_contact: { external_userid: string };
      follow_info: { userid: string };
    }>;
    const keys = items.map((i) => `${i.follow_info.userid}/${i.external_contact.external_userid}`);
    expect(new Set(keys).size).toBe(keys.length);
    let expected = 0;
    for (const u of userids) expected += (await api(`externalcontact/list?userid=${u}`)).external_userid?.length ?? 0;
    expect(keys.length).toBe(expected);
    expect((await api('externalcontact/batch/get_by_user', { userid_list: Array(101).fill(userids[0]) })).errcode).toBe(40058);
    expect((await api('externalcontact/batch/get_by_user', { userid_list: userids, limit: 101 })).errcode).toBe(40058);
  });

  it('sets a remark, and refuses one where there is no relation', async () => {
    const follow = (await api('externalcontact/get_follow_user_list')).follow_user as string[];
    const ext = (await api(`externalcontact/list?userid=${follow[0]}`)).external_userid[0];
    expect((await api('externalcontact/remark', { userid: follow[0], external_userid: ext, remark: '老客户王姐', description: '喜欢新品', remark_mobiles: ['13800000000'] })).errcode).toBe(0);
    const got = await api(`externalcontact/get?external_userid=${ext}`);
    const all = [got, ...(got.next_cursor ? [await api(`externalcontact/get?external_userid=${ext}&cursor=${got.next_cursor}`)] : [])].flatMap((r) => r.follow_user);
    expect(all.find((f: { userid: string }) => f.userid === follow[0])).toMatchObject({ remark: '老客户王姐', description: '喜欢新品', remark_mobiles: ['13800000000'] });
    expect((await api('externalcontact/remark', { userid: follow[0], external_userid: ext, remark: 'x'.repeat(21) })).errcode).toBe(40058);
    const mine = new Set((await api(`externalcontact/list?userid=${follow[0]}`)).external_userid as string[]);
    const snap = (await s.call('GET', `/control/corps/${corpId}/snapshot`)).body;
    const stranger = snap.customers.find((c: { external_userid: string }) => !mine.has(c.external_userid)).external_userid;
    expect((await api('externalcontact/remark', { userid: follow[0], external_userid: stranger, remark: 'x' })).errcode).toBe(84061);
  });
});

describe('contact ways', () => {
  it('adds, gets, updates, lists and deletes a contact way', async () => {
    const follow = (await api('externalcontact/get_follow_user_list')).follow_user as string[];
    const added = await api('externalcontact/add_contact_way', { type: 1, scene: 2, state: 'channel_01', user: [follow[0]], remark: '门店码' });
    expect(added).toMatchObject({ errcode: 0, config_id: expect.any(String) });
    expect(added.qr_code).toBe(`${s.base}/wwpic/${added.config_id}.png`);
    const got = await api('externalcontact/get_contact_way', { config_id: added.config_id });
    expect(got.contact_way.qr_code).toBe(added.qr_code);
    expect(got.contact_way).toMatchObject({ config_id: added.config_id, type: 1, scene: 2, state: 'channel_01', user: [follow[0]], skip_verify: true, is_temp: false });
    expect((await api('externalcontact/update_contact_way', { config_id: added.config_id, state: 'channel_02', remark: '改名' })).errcode).toBe(0);
    expect((await api('externalcontact/get_contact_way', { config_id: added.config_id })).contact_way.state).toBe('channel_02');
    const ids = (await drain('externalcontact/list_contact_way', { limit: 1 }, 'contact_way')) as Array<{ config_id: string }>;
    expect(ids.map((w) => w.config_id)).toContain(added.config_id);
    expect(new Set(ids.map((w) => w.config_id)).size).toBe(ids.length);
    expect((await api('externalcontact/del_contact_way', { config_id: added.config_id })).errcode).toBe(0);
    expect((await api('externalcontact/get_contact_way', { config_id: added.config_id })).errcode).toBe(40058);
  });

  it('checks users, temporary expiry and the state length', async () => {
    const follow = (await api('externalcontact/get_follow_user_list')).follow_user as string[];
    const many = Array.from({ length: 101 }, () => follow[0]);
    expect((await api('externalcontact/add_contact_way', { type: 2, scene: 2, user: many })).errcode).toBe(41041);
    expect((await api('externalcontact/add_contact_way', { type: 1, scene: 2, user: follow.slice(0, 2) })).errcode).toBe(40058);
    expect((await api('externalcontact/add_contact_way', { type: 1, scene: 2, user: [follow[0]], is_temp: true, expires_in: 14 * 86_400 + 1 })).errcode).toBe(40058);
    const temp = await api('externalcontact/add_contact_way', { type: 1, scene: 2, user: [follow[0]], is_temp: true, expires_in: 3600 });
    expect((await api('externalcontact/get_contact_way', { config_id: temp.config_id })).contact_way).toMatchObject({ is_temp: true, expires_in: 3600 });
    expect((await api('externalcontact/add_contact_way', { type: 1, scene: 2, user: [follow[0]], state: 's'.repeat(31) })).errcode).toBe(40058);
    expect((await api('externalcontact/add_contact_way', { type: 1, scene: 2, user: ['nobody'] })).errcode).toBe(40003);
    expect((await api('externalcontact/add_contact_way', { scene: 2, user: [follow[0]] })).errcode).toBe(40058);
  });
});

describe('tags', () => {
  it('lists, adds, edits, marks and deletes corp tags', async () => {
    const list = await api('externalcontact/get_corp_tag_list', {});
    expect(list.tag_group).toHaveLength(4);
    const added = await api('externalcontact/add_corp_tag', { group_name: '会员等级', tag: [{ name: '金卡' }, { name: '银卡' }] });
    expect(added.tag_group).toMatchObject({ group_name: '会员等级', tag: [{ name: '金卡' }, { name: '银卡' }] });
    const gold = added.tag_group.tag[0].id;
    expect((await api('externalcontact/add_corp_tag', { group_id: added.tag_group.group_id, tag: [{ name: '金卡' }] })).errcode).toBe(40071);
    expect((await api('externalcontact/edit_corp_tag', { id: gold, name: '黑金卡' })).errcode).toBe(0);
    const byTag = await api('externalcontact/get_corp_tag_list', { tag_id: [gold] });
    expect(byTag.tag_group[0].tag).toEqual([expect.objectContaining({ id: gold, name: '黑金卡' })]);

    const follow = (await api('externalcontact/get_follow_user_list')).follow_user as string[];
    const ext = (await api(`externalcontact/list?userid=${follow[0]}`)).external_userid[0];
    expect((await api('externalcontact/mark_tag', { userid: follow[0], external_userid: ext, add_tag: [gold] })).errcode).toBe(0);
    const info = (await api('externalcontact/batch/get_by_user', { userid_list: [follow[0]], limit: 100 })).external_contact_list.find(
      (x: { external_contact: { external_userid: string } }) => x.external_contact.external_userid === ext,
    );
    expect(info.follow_info.tag_id).toContain(gold);
    expect((await api('externalcontact/mark_tag', { userid: follow[0], external_userid: ext, add_tag: ['etnope'] })).errcode).toBe(40068);

    expect((await api('externalcontact/del_corp_tag', { tag_id: [gold] })).errcode).toBe(0);
    expect((await api('externalcontact/edit_corp_tag', { id: gold, name: 'x' })).errcode).toBe(40068);
    expect((await api('externalcontact/del_corp_tag', { group_id: [added.tag_group.group_id] })).errcode).toBe(0);
    expect((await api('externalcontact/get_corp_tag_list', {})).tag_group).toHaveLength(4);
  });
});

describe('customer groups', () => {
  it('pages groupchat/list so every group comes exactly once, and gets a group', async () => {
    const chats = (await drain('externalcontact/groupchat/list', { limit: 5 }, 'group_chat_list')) as Array<{ chat_id: string }>;
    expect(chats).toHaveLength(23);
    expect(new Set(chats.map((c) => c.chat_id)).size).toBe(23);
    const got = await api('externalcontact/groupchat/get', { chat_id: chats[0]!.chat_id, need_name: 1 });
    expect(got.group_chat).toMatchObject({ chat_id: chats[0]!.chat_id, owner: expect.any(String), member_list: expect.any(Array) });
    expect(got.group_chat.member_list[0]).toMatchObject({ type: 1, join_time: expect.any(Number), join_scene: expect.any(Number), name: expect.any(String) });
    const owner = got.group_chat.owner;
    const owned = (await api('externalcontact/groupchat/list', { limit: 1000, owner_filter: { userid_list: [owner] } })).group_chat_list;
    expect(owned.map((c: { chat_id: string }) => c.chat_id)).toContain(chats[0]!.chat_id);
    expect((await api('externalcontact/groupchat/get', { chat_id: 'wrnope' })).errcode).toBe(40050);
    expect((await api('externalcontact/groupchat/list', { limit: 1001 })).errcode).toBe(40058);
  });
});

describe('mass messages, moments, welcome messages and behaviour data', () => {
  it('creates a mass-message task the member confirms through the control API', async () => {
    const follow = (await api('externalcontact/get_follow_user_list')).follow_user as string[];
    const sender = follow[0]!;
    const created = await api('externalcontact/add_msg_template', { chat_type: 'single', sender, text: { content: '双十一活动开始啦' } });
    expect(created).toMatchObject({ errcode: 0, msgid: expect.any(String), fail_list: [] });
    const now = Math.floor(Date.now() / 1000);
    const list = await api('externalcontact/get_groupmsg_list_v2', { chat_type: 'single', start_time: now - 3600, end_time: now + 60 });
    expect(list.group_msg_list.map((m: { msgid: string }) => m.msgid)).toContain(created.msgid);
    const task = await api('externalcontact/get_groupmsg_task', { msgid: created.msgid });
    expect(task.task_list).toEqual([{ userid: sender, status: 0 }]);
    expect((await s.call('POST', `/control/corps/${corpId}/confirm-mass-send`, { msgid: created.msgid, userid: sender })).body).toMatchObject({ errcode: 0, status: 2 });
    expect((await api('externalcontact/get_groupmsg_task', { msgid: created.msgid })).task_list[0]).toMatchObject({ status: 2, send_time: expect.any(Number) });
    const result = await api('externalcontact/get_groupmsg_send_result', { msgid: created.msgid, userid: sender });
    expect(result.send_list.length).toBe((await api(`externalcontact/list?userid=${sender}`)).external_userid.length);
    expect(result.send_list[0]).toMatchObject({ userid: sender, status: 1, external_userid: expect.any(String) });
    expect((await api('externalcontact/add_msg_template', { external_userid: ['wmnope'], text: { content: 'x' } })).errcode).toBe(41048);
    expect((await api('externalcontact/add_msg_template', { sender })).errcode).toBe(40058);
    expect((await api('externalcontact/get_groupmsg_list_v2', { chat_type: 'single', start_time: now - 40 * 86_400, end_time: now })).errcode).toBe(40058);
  });

  it('uploads media and attachments (multipart) and posts a moment', async () => {
    const form = new FormData();
    form.append('media', new Blob([Buffer.alloc(2048, 1)], { type: 'image/png' }), 'a.png');
    const up = await (await fetch(`${s.base}/qyapi/cgi-bin/media/upload_attachment?access_token=${token}&media_type=image&attachment_type=1`, { method: 'POST', body: form })).json();
    expect(up).toMatchObject({ errcode: 0, type: 'image', media_id: expect.any(String), created_at: expect.any(Number) });
    const form2 = new FormData();
    form2.append('media', new Blob([Buffer.from('hello world file')]), '说明.txt');
    const file = await (await fetch(`${s.base}/qyapi/cgi-bin/media/upload?access_token=${token}&type=file`, { method: 'POST', body: form2 })).json();
    expect(file).toMatchObject({ errcode: 0, type: 'file', created_at: expect.stringMatching(/^\d+$/) });
    const form3 = new FormData();
    form3.append('media', new Blob([Buffer.alloc(2 * 1024 * 1024 + 1)]), 'big.amr');
    expect((await (await fetch(`${s.base}/qyapi/cgi-bin/media/upload?access_token=${token}&type=voice`, { method: 'POST', body: form3 })).json()).errcode).toBe(40006);
    const form4 = new FormData();
    form4.append('media', new Blob([Buffer.alloc(10)]), 'x.bin');
    expect((await (await fetch(`${s.base}/qyapi/cgi-bin/media/upload?access_token=${token}&type=nope`, { method: 'POST', body: form4 })).json()).errcode).toBe(40004);

    const job = await api('externalcontact/add_moment_task', { text: { content: '新品上市' }, attachments: [{ msgtype: 'image', image: { media_id: up.media_id } }] });
    expect(job).toMatchObject({ errcode: 0, jobid: expect.any(String) });
    const result = await api(`externalcontact/get_moment_task_result?jobid=${job.jobid}`);
    expect(result).toMatchObject({ errcode: 0, status: 3, type: 'add_moment_task', result: { errcode: 0, moment_id: expect.any(String) } });
    const follow = (await api('externalcontact/get_follow_user_list')).follow_user as string[];
    expect((await s.call('POST', `/control/corps/${corpId}/confirm-moment`, { jobid: job.jobid, userid: follow[0] })).body).toMatchObject({ errcode: 0, momentId: result.result.moment_id });
    expect((await api('externalcontact/add_moment_task', { attachments: [{ msgtype: 'image', image: { media_id: 'nope' } }] })).errcode).toBe(40007);
  });

  it('accepts a welcome code once, within its validity', async () => {
    const ways = (await s.call('GET', `/control/corps/${corpId}`)).body.contactWays;
    const scan = async () => (await s.call('POST', `/control/corps/${corpId}/scan`, { configId: ways[0].config_id })).body.welcomeCode as string;
    const code = await scan();
    expect((await api('externalcontact/send_welcome_msg', { welcome_code: code, text: { content: '你好，欢迎！' } })).errcode).toBe(0);
    expect((await api('externalcontact/send_welcome_msg', { welcome_code: code, text: { content: '再来一次' } })).errcode).toBe(41051);
    expect((await api('externalcontact/send_welcome_msg', { welcome_code: 'nope', text: { content: 'x' } })).errcode).toBe(41050);
    const late = await scan();
    await sleep(450);
    expect((await api('externalcontact/send_welcome_msg', { welcome_code: late, text: { content: 'x' } })).errcode).toBe(41050);
  });

  it('reports behaviour data per day', async () => {
    const follow = (await api('externalcontact/get_follow_user_list')).follow_user as string[];
    const now = Math.floor(Date.now() / 1000);
    const r = await api('externalcontact/get_user_behavior_data', { userid: follow.slice(0, 2), start_time: now - 6 * 86_400, end_time: now });
    expect(r.behavior_data.length).toBeGreaterThanOrEqual(7);
    expect(r.behavior_data[0]).toMatchObject({ stat_time: expect.any(Number), chat_cnt: expect.any(Number), new_contact_cnt: expect.any(Number) });
    expect((await api('externalcontact/get_user_behavior_data', { userid: follow.slice(0, 1), start_time: now - 40 * 86_400, end_time: now })).errcode).toBe(40058);
  });
});

describe('faults, limits and call counts', () => {
  it('injects busy, rate-limit and latency per corp and path, and forgets them', async () => {
    await s.call('POST', '/control/faults', { kind: 'busy', corpId, path: 'department/list', count: 2 });
    expect((await api('department/list')).errcode).toBe(-1);
    expect((await api('externalcontact/get_follow_user_list')).errcode).toBe(0);
    expect((await api('department/list')).errcode).toBe(-1);
    expect((await api('department/list')).errcode).toBe(0);
    await s.call('POST', '/control/faults', { kind: 'rate-limit', path: '/cgi-bin/user/get', rate: 1 });
    expect((await api('user/get?userid=x')).errcode).toBe(45009);
    await s.call('POST', '/control/faults', { kind: 'latency', corpId, ms: 300, count: 1 });
    const t = Date.now();
    await api('department/list');
    expect(Date.now() - t).toBeGreaterThanOrEqual(280);
    expect((await s.call('DELETE', '/control/faults')).body.errcode).toBe(0);
    expect((await api('user/get?userid=x')).errcode).toBe(60111);
    expect((await s.call('POST', '/control/faults', { kind: 'nope' })).status).toBe(400);
  });

  it('late-response answers with the state the call found, after a change made while the answer was on its way', async () => {
    const snap = (await s.call('GET', `/control/corps/${corpId}/snapshot`)).body;
    const c = snap.customers.find((x: { follow_user: unknown[] }) => x.follow_user.length === 1);
    const userid = c.follow_user[0].userid as string;
    await s.call('POST', `/control/corps/${corpId}/edit-customer`, { userid, externalUserid: c.external_userid, remark: '读取之前' });
    expect((await s.call('POST', '/control/faults', { kind: 'late-response', corpId, path: 'externalcontact/get', ms: 400, count: 1 })).status).toBe(200);
    expect((await s.call('POST', '/control/faults', { kind: 'late-response' })).status).toBe(400);
    const t = Date.now();
    const slow = api(`externalcontact/get?external_userid=${c.external_userid}`);
    await sleep(100);
    await s.call('POST', `/control/corps/${corpId}/edit-customer`, { userid, externalUserid: c.external_userid, remark: '读取之后' });
    expect((await slow).follow_user[0].remark).toBe('读取之前');
    expect(Date.now() - t).toBeGreaterThanOrEqual(380);
    expect((await api(`externalcontact/get?external_userid=${c.external_userid}`)).follow_user[0].remark).toBe('读取之后');
  });

  it('counts calls per path', async () => {
    const before = (await s.call('GET', `/control/calls?corpId=${corpId}`)).body.calls['department/list'] ?? 0;
    await api('department/list');
    await api('department/list');
    const after = (await s.call('GET', `/control/calls?corpId=${corpId}`)).body;
    expect(after.calls['department/list']).toBe(before + 2);
    expect(after.total).toBeGreaterThan(10);
  });
});

describe('frequency limits', () => {
  it('answers 45009 past the per-minute limit of a corp and API', async () => {
    const low = await startSim({ wecom: { rateLimits: { perMinute: 5 } } });
    try {
      const c = (await low.call('POST', '/control/corps', { seed: 'limit', size: { customers: 5 } })).body;
      const t = (await low.api(`gettoken?corpid=${c.corpId}&corpsecret=${c.secret}`)).access_token;
      const codes = [];
      for (let i = 0; i < 7; i++) codes.push((await low.api(`department/list?access_token=${t}`)).errcode);
      expect(codes).toEqual([0, 0, 0, 0, 0, 45009, 45009]);
      expect((await low.api(`externalcontact/get_follow_user_list?access_token=${t}`)).errcode).toBe(0);
      const limited = await low.api(`department/list?access_token=${t}`);
      expect(limited.errmsg).toMatch(ERRMSG);
      expect((await low.call('GET', '/control/rate-limits')).body).toEqual({ perMinute: 5, perHour: 150_000 });
    } finally {
      await low.sim.close();
    }
  });
});
