// The official account's template messages (POST /cgi-bin/message/template/send) and the inbox per
// WeChat user (GET /control/gzh/inbox), as the message centre uses them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_GZH_DEFAULTS } from '../src/index.js';
import { type Sim, startSim } from './helpers.js';

let s: Sim;
let token: string;
beforeAll(async () => {
  s = await startSim();
  const t = await fetch(`${s.base}/cgi-bin/token?grant_type=client_credential&appid=${SIM_GZH_DEFAULTS.appId}&secret=${SIM_GZH_DEFAULTS.appSecret}`);
  token = ((await t.json()) as { access_token: string }).access_token;
});
afterAll(() => s?.sim.close());

const send = async (body: unknown, accessToken: string | null = token) => {
  const q = accessToken === null ? '' : `?access_token=${encodeURIComponent(accessToken)}`;
  const res = await fetch(`${s.base}/cgi-bin/message/template/send${q}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as { errcode: number; errmsg: string; msgid?: number };
};

/** A follower made by scanning a QR as a new WeChat user. */
async function follower(nickname: string): Promise<string> {
  const qr = await fetch(`${s.base}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ expire_seconds: 60, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: `t_${nickname}` } } }),
  }).then((r) => r.json() as Promise<{ ticket: string }>);
  return (await s.call('POST', '/control/gzh/scan', { ticket: qr.ticket, nickname })).body.openid;
}

describe('template messages', () => {
  it('delivers to a follower, each send its own message with its own msgid, and shows the inbox', async () => {
    const openid = await follower('小王');
    const other = await follower('小李');
    const data = { first: { value: '成员已被自动下线' }, keyword1: { value: '风控动作' }, remark: { value: '张三：今日已添加 5 位客户', color: '#173177' } };
    const a = await send({ touser: openid, template_id: 'scrm_notice', url: 'https://example.com/notice', data });
    expect(a).toMatchObject({ errcode: 0, errmsg: 'ok', msgid: expect.any(Number) });
    const b = await send({ touser: openid, template_id: 'scrm_notice', data });
    expect(b.msgid).not.toBe(a.msgid);

    const inbox = (await s.call('GET', `/control/gzh/inbox?openid=${openid}`)).body.list;
    expect(inbox).toHaveLength(2);
    expect(inbox[0]).toMatchObject({ msgid: String(b.msgid), touser: openid, templateId: 'scrm_notice', url: '', data });
    expect(inbox[1]).toMatchObject({ msgid: String(a.msgid), url: 'https://example.com/notice' });
    expect((await s.call('GET', `/control/gzh/inbox?openid=${other}`)).body.list).toEqual([]);
    expect((await s.call('GET', '/control/gzh/inbox')).body.list.map((m: { msgid: string }) => m.msgid)).toEqual([String(b.msgid), String(a.msgid)]);
  });

  it('answers as WeChat does: token, openid, follower, template and data checked', async () => {
    const openid = await follower('小张');
    const data = { first: { value: 'x' } };
    expect(await send({ touser: openid, template_id: 't', data }, null)).toMatchObject({ errcode: 41001 });
    expect(await send({ touser: openid, template_id: 't', data }, 'stale')).toMatchObject({ errcode: 40001 });
    expect(await send({ template_id: 't', data })).toMatchObject({ errcode: 40003 });
    expect(await send({ touser: openid, data })).toMatchObject({ errcode: 40037 });
    expect(await send({ touser: 'o_not_a_follower', template_id: 't', data })).toMatchObject({ errcode: 43004, errmsg: 'require subscribe' });
    expect(await send({ touser: openid, template_id: 't', data: { first: { value: 3 } } })).toMatchObject({ errcode: 47001 });
    expect(await send({ touser: openid, template_id: 't', data: [] })).toMatchObject({ errcode: 47001 });
    expect((await s.call('GET', `/control/gzh/inbox?openid=${openid}`)).body.list).toEqual([]);
  });

  it('plays faults that name its path: busy answers -1 and delivers nothing, lost-response delivers and drops the answer', async () => {
    const openid = await follower('小赵');
    const data = { first: { value: 'x' } };
    expect((await s.call('POST', '/control/faults', { kind: 'busy', path: 'message/template/send', count: 1 })).status).toBe(200);
    expect(await send({ touser: openid, template_id: 't', data })).toMatchObject({ errcode: -1 });
    expect((await s.call('GET', `/control/gzh/inbox?openid=${openid}`)).body.list).toHaveLength(0);
    expect(await send({ touser: openid, template_id: 't', data })).toMatchObject({ errcode: 0 });

    await s.call('POST', '/control/faults', { kind: 'lost-response', path: 'message/template/send', count: 1 });
    await expect(send({ touser: openid, template_id: 't', data })).rejects.toThrow();
    expect((await s.call('GET', `/control/gzh/inbox?openid=${openid}`)).body.list).toHaveLength(2);
    // A WeCom fault without this path does not touch the official account.
    await s.call('POST', '/control/faults', { kind: 'busy', count: 5 });
    expect(await send({ touser: openid, template_id: 't', data })).toMatchObject({ errcode: 0 });
    await s.call('DELETE', '/control/faults');
  });

  it('needs the control token for the inbox, and reset empties it', async () => {
    expect((await fetch(`${s.base}/control/gzh/inbox`)).status).toBe(401);
    await s.call('POST', '/control/reset');
    expect((await s.call('GET', '/control/gzh/inbox')).body.list).toEqual([]);
  });
});
