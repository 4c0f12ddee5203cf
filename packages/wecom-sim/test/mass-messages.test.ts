// Mass messages (群发) in the simulator: results fixed at confirmation (delivered, not a friend, the
// monthly cap), 「全部确认」, reminders three a day, cancellation, and the lost-response fault.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaMonth } from '../src/control/mass.happenings.js';
import { type Sim, startSim } from './helpers.js';

let s: Sim;
let corpId: string;
let token: string;
const api = (path: string, body?: unknown) => s.api(`${path}${path.includes('?') ? '&' : '?'}access_token=${token}`, body);
const control = async (path: string, body?: unknown) => (await s.call('POST', `/control/corps/${corpId}/${path}`, body ?? {})).body;

beforeAll(async () => {
  s = await startSim();
  const corp = (await s.call('POST', '/control/corps', { seed: 'mass-test', size: { members: 4, customers: 40, groups: 2, tags: 2 } })).body;
  corpId = corp.corpId;
  token = (await s.api(`gettoken?corpid=${corpId}&corpsecret=${corp.secret}`)).access_token;
});
afterAll(async () => {
  await s?.sim.close();
});

async function firstCustomer() {
  const sender = ((await api('externalcontact/get_follow_user_list')).follow_user as string[])[0]!;
  const ids = (await api(`externalcontact/list?userid=${sender}`)).external_userid as string[];
  return { sender, ids };
}

describe('mass messages', () => {
  it('fixes each result at confirmation: delivered, no longer a friend, already at the monthly cap', async () => {
    const { sender, ids } = await firstCustomer();
    const [a, b, c] = ids as [string, string, string];
    await control('delete-customer', { userid: sender, externalUserid: b });
    const days = chinaMonth(Date.now()).days;
    // c receives the month's cap of mass messages first
    for (let i = 0; i < days; i++) {
      const m = await api('externalcontact/add_msg_template', { chat_type: 'single', sender, external_userid: [c], text: { content: `第 ${i} 条` } });
      expect(m.errcode).toBe(0);
      await control('confirm-mass-send', { msgid: m.msgid, userid: sender });
    }
    const msg = await api('externalcontact/add_msg_template', { chat_type: 'single', sender, external_userid: [a, c], text: { content: '活动' } });
    expect((await api('externalcontact/get_groupmsg_send_result', { msgid: msg.msgid, userid: sender })).send_list.map((r: { status: number }) => r.status)).toEqual([0, 0]);
    expect(await control('confirm-mass-send-all', { msgid: msg.msgid })).toMatchObject({ confirmed: 1 });
    const statuses = Object.fromEntries(
      (await api('externalcontact/get_groupmsg_send_result', { msgid: msg.msgid, userid: sender })).send_list.map((r: { external_userid: string; status: number }) => [r.external_userid, r.status]),
    );
    expect(statuses).toEqual({ [a]: 1, [c]: 3 });
    // b was not a friend when the task was made: WeCom refuses it at creation
    const refused = await api('externalcontact/add_msg_template', { chat_type: 'single', sender, external_userid: [a, b], text: { content: '再来' } });
    expect(refused.fail_list).toEqual([b]);
    const list = (await s.call('GET', `/control/corps/${corpId}/mass-messages`)).body.list;
    expect(list[0]).toMatchObject({ msgid: refused.msgid, members: [{ userid: sender, status: 0, targets: [a] }] });
  });

  it('reminds three times a day, and a cancelled message can no longer be sent', async () => {
    const { sender, ids } = await firstCustomer();
    const msg = await api('externalcontact/add_msg_template', { chat_type: 'single', sender, external_userid: [ids[0]], text: { content: '提醒我' } });
    for (let i = 0; i < 3; i++) expect((await api('externalcontact/remind_groupmsg_send', { msgid: msg.msgid })).errcode).toBe(0);
    expect((await api('externalcontact/remind_groupmsg_send', { msgid: msg.msgid })).errcode).toBe(41064);
    await s.call('POST', '/control/clock', { ms: 25 * 3_600_000 });
    expect((await api('externalcontact/remind_groupmsg_send', { msgid: msg.msgid })).errcode).toBe(0);
    expect((await api('externalcontact/cancel_groupmsg_send', { msgid: msg.msgid })).errcode).toBe(0);
    expect((await s.call('POST', `/control/corps/${corpId}/confirm-mass-send`, { msgid: msg.msgid, userid: sender })).status).toBe(409);
    expect(await control('confirm-mass-send-all', {})).toMatchObject({ confirmed: expect.any(Number) });
    expect((await api('externalcontact/get_groupmsg_task', { msgid: msg.msgid })).task_list).toEqual([{ userid: sender, status: 0 }]);
  });

  it('lost-response: add_msg_template makes the task, the caller gets no answer', async () => {
    const { sender, ids } = await firstCustomer();
    await s.call('POST', '/control/faults', { kind: 'lost-response', corpId, path: 'externalcontact/add_msg_template', count: 1 });
    const before = (await s.call('GET', `/control/corps/${corpId}/mass-messages`)).body.list.length;
    await expect(api('externalcontact/add_msg_template', { chat_type: 'single', sender, external_userid: [ids[0]], text: { content: '丢失的回答' } })).rejects.toThrow();
    const after = (await s.call('GET', `/control/corps/${corpId}/mass-messages`)).body.list;
    expect(after.length).toBe(before + 1);
    expect(after[0].text).toBe('丢失的回答');
    expect((await api('externalcontact/add_msg_template', { chat_type: 'single', sender, external_userid: [ids[0]], text: { content: '第二次' } })).errcode).toBe(0);
  });
});
