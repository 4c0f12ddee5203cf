// The simulator over real HTTP, with a small receiver standing in for the server's callback.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WecomCrypto } from '@scrm/wecom/crypto';
import { buildSimulator, SIM_GZH_DEFAULTS, type Simulator } from '../src/index.js';
import { simulatorOptionsFromEnv } from '../src/env.js';

let sim: Simulator;
let base: string;

interface Received {
  query: URLSearchParams;
  body: string;
}
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
/** What the receiver answers, attempt by attempt ('hang' never answers). */
let answers: Array<string> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ query: new URL(req.url!, 'http://x').searchParams, body });
      const answer = answers.shift() ?? 'success';
      if (answer === 'hang') return;
      res.end(answer);
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/cb`;

  sim = await buildSimulator({ logger: false, gzh: { callbackUrl: receiverUrl, callbackTimeoutMs: 300 } });
  await sim.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(sim.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await sim?.close();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});
beforeEach(() => {
  received = [];
  answers = [];
});

const auth = () => ({ authorization: `Bearer ${sim.sim.controlToken}` });
const json = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? auth() : { ...auth(), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const token = async () =>
  (await json('GET', `/cgi-bin/token?grant_type=client_credential&appid=${SIM_GZH_DEFAULTS.appId}&secret=${SIM_GZH_DEFAULTS.appSecret}`)).body
    .access_token as string;
const createQr = async (sceneStr: string, expireSeconds = 600) =>
  (
    await json('POST', `/cgi-bin/qrcode/create?access_token=${await token()}`, {
      expire_seconds: expireSeconds,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: sceneStr } },
    })
  ).body as { ticket: string; expire_seconds: number; url: string };

describe('SMS', () => {
  it('keeps sent messages in the outbox, newest first, with the code found', async () => {
    expect(await json('POST', '/sms/send', { phone: '13800000001', content: '【企微SCRM】您的验证码为123456，5分钟内有效。' })).toEqual({
      status: 200,
      body: { errcode: 0, errmsg: 'ok' },
    });
    await json('POST', '/sms/send', { phone: '13800000002', content: '验证码 4321' });
    await json('POST', '/sms/send', { phone: '13800000001', content: '没有验证码的通知' });
    const all = (await json('GET', '/sms/outbox')).body.list;
    expect(all.slice(0, 3).map((m: { phone: string }) => m.phone)).toEqual(['13800000001', '13800000002', '13800000001']);
    const mine = (await json('GET', '/sms/outbox?phone=13800000001')).body.list;
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ code: null, content: '没有验证码的通知' });
    expect(mine[1]).toMatchObject({ phone: '13800000001', code: '123456', sentAt: expect.any(Number) });
    expect((await json('GET', '/sms/outbox?phone=13800000002')).body.list[0].code).toBe('4321');
  });

  it('refuses a bad phone or empty content', async () => {
    expect((await json('POST', '/sms/send', { phone: 'abc', content: 'x' })).body.errcode).not.toBe(0);
    expect((await json('POST', '/sms/send', { phone: '13800000001', content: '' })).body.errcode).not.toBe(0);
  });
});

describe('official-account API', () => {
  it('issues access tokens for the right credentials only', async () => {
    const ok = await json('GET', `/cgi-bin/token?grant_type=client_credential&appid=${SIM_GZH_DEFAULTS.appId}&secret=${SIM_GZH_DEFAULTS.appSecret}`);
    expect(ok.body).toEqual({ access_token: expect.any(String), expires_in: 7200 });
    const wrongId = await json('GET', `/cgi-bin/token?grant_type=client_credential&appid=wxnope&secret=${SIM_GZH_DEFAULTS.appSecret}`);
    expect(wrongId).toMatchObject({ status: 200, body: { errcode: 40013 } });
    const wrongSecret = await json('GET', `/cgi-bin/token?grant_type=client_credential&appid=${SIM_GZH_DEFAULTS.appId}&secret=x`);
    expect(wrongSecret.body.errcode).toBe(40125);
    expect((await json('GET', '/cgi-bin/token?grant_type=x')).body.errcode).toBe(40002);
  });

  it('creates temporary string-scene QR codes', async () => {
    const qr = await createQr('scene-1', 600);
    expect(qr).toEqual({ ticket: expect.stringMatching(/^gQ/), expire_seconds: 600, url: `${base}/gzh/qr/${qr.ticket}` });
    const scenes = (await json('GET', '/control/gzh/scenes')).body.list;
    expect(scenes[0]).toMatchObject({ ticket: qr.ticket, sceneStr: 'scene-1', status: 'pending', scans: [] });
  });

  it('answers errors with HTTP 200 and errcode', async () => {
    const body = { expire_seconds: 60, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: 'x' } } };
    expect(await json('POST', '/cgi-bin/qrcode/create', body)).toMatchObject({ status: 200, body: { errcode: 41001 } });
    expect(await json('POST', '/cgi-bin/qrcode/create?access_token=bogus', body)).toMatchObject({ status: 200, body: { errcode: 40001 } });
    const t = await token();
    const bad = await json('POST', `/cgi-bin/qrcode/create?access_token=${t}`, { ...body, action_info: { scene: { scene_str: '' } } });
    expect(bad.body.errcode).toBe(40097);
    expect((await json('POST', `/cgi-bin/qrcode/create?access_token=${t}`, { action_name: 'NOPE' })).body.errcode).toBe(40097);
  });
});

describe('scanning', () => {
  /** Checks the signatures of a safe-mode push (the default) and returns the decrypted message. */
  const verify = (r: Received): string => {
    const [timestamp, nonce, signature, msgSignature] = ['timestamp', 'nonce', 'signature', 'msg_signature'].map((k) => r.query.get(k)!);
    const expected = createHash('sha1').update([SIM_GZH_DEFAULTS.token, timestamp, nonce].sort().join('')).digest('hex');
    expect(signature).toBe(expected);
    expect(r.query.get('encrypt_type')).toBe('aes');
    const envelope = /^<xml><ToUserName><!\[CDATA\[(gh_\w+)\]\]><\/ToUserName><Encrypt><!\[CDATA\[([\w+/=]+)\]\]><\/Encrypt><\/xml>$/.exec(r.body);
    expect(envelope?.[1]).toBe(SIM_GZH_DEFAULTS.originalId);
    const crypto = new WecomCrypto({ token: SIM_GZH_DEFAULTS.token, encodingAesKey: SIM_GZH_DEFAULTS.encodingAesKey, receiveId: SIM_GZH_DEFAULTS.appId });
    return crypto.openEvent({ msg_signature: msgSignature, timestamp, nonce }, envelope![2]!);
  };

  it('pushes a signed subscribe event for a new user, SCAN for a follower', async () => {
    const qr = await createQr('login_abc');
    const first = await json('POST', '/control/gzh/scan', { ticket: qr.ticket });
    expect(first).toMatchObject({ status: 200, body: { errcode: 0, delivered: true, event: 'subscribe', openid: expect.stringMatching(/^o[\w-]{27}$/) } });
    expect(received).toHaveLength(1);
    const message = verify(received[0]!);
    expect(received[0]!.query.get('openid')).toBe(first.body.openid);
    expect(message).toMatch(
      new RegExp(
        `^<xml><ToUserName><!\\[CDATA\\[gh_\\w+\\]\\]></ToUserName><FromUserName><!\\[CDATA\\[${first.body.openid}\\]\\]></FromUserName>` +
          '<CreateTime>\\d+</CreateTime><MsgType><!\\[CDATA\\[event\\]\\]></MsgType><Event><!\\[CDATA\\[subscribe\\]\\]></Event>' +
          `<EventKey><!\\[CDATA\\[qrscene_login_abc\\]\\]></EventKey><Ticket><!\\[CDATA\\[${qr.ticket}\\]\\]></Ticket></xml>$`,
      ),
    );
    const second = await json('POST', '/control/gzh/scan', { sceneStr: 'login_abc', openid: first.body.openid });
    expect(second.body).toMatchObject({ delivered: true, event: 'SCAN', openid: first.body.openid });
    expect(verify(received[1]!)).toContain('<Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[login_abc]]></EventKey>');
    const forced = await json('POST', '/control/gzh/scan', { ticket: qr.ticket, subscribed: false });
    expect(forced.body.event).toBe('subscribe');
    const scene = (await json('GET', '/control/gzh/scenes')).body.list.find((s: { ticket: string }) => s.ticket === qr.ticket);
    expect(scene).toMatchObject({ status: 'scanned', scans: [{ event: 'subscribe' }, { event: 'SCAN' }, { event: 'subscribe' }] });
  });

  it('retries until the receiver answers success, up to 3 more times', async () => {
    const qr = await createQr('retry');
    answers = ['fail', 'hang', 'success'];
    expect((await json('POST', '/control/gzh/scan', { ticket: qr.ticket })).body.delivered).toBe(true);
    expect(received).toHaveLength(3);
    received = [];
    answers = ['no', 'no', 'no', 'no', 'no'];
    expect((await json('POST', '/control/gzh/scan', { ticket: qr.ticket })).body.delivered).toBe(false);
    expect(received).toHaveLength(4);
  });

  it('refuses unknown and expired codes', async () => {
    expect(await json('POST', '/control/gzh/scan', {})).toMatchObject({ status: 400, body: { errcode: 41001, errmsg: '缺少 ticket 或 sceneStr' } });
    expect(await json('POST', '/control/gzh/scan', { ticket: 'gQnope' })).toMatchObject({ status: 404, body: { errcode: 40404, errmsg: '二维码不存在' } });
    const qr = await createQr('short', 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await json('POST', '/control/gzh/scan', { ticket: qr.ticket })).toMatchObject({
      status: 400,
      body: { errcode: 40410, errmsg: '二维码已过期，无法扫码' },
    });
    expect(received).toHaveLength(0);
    const scene = (await json('GET', '/control/gzh/scenes')).body.list.find((s: { ticket: string }) => s.ticket === qr.ticket);
    expect(scene.status).toBe('expired');
  });

  it('changes the callback config through the control API', async () => {
    expect((await json('POST', '/control/gzh/config', { callbackUrl: 'not a url' })).status).toBe(400);
    expect((await json('POST', '/control/gzh/config', { token: 'bad token!' })).status).toBe(400);
    expect(await json('POST', '/control/gzh/config', { callbackUrl: receiverUrl, token: 'otherToken1' })).toMatchObject({
      status: 200,
      body: { errcode: 0, callbackUrl: receiverUrl },
    });
    expect((await json('GET', '/control/gzh/config')).body).toEqual({
      appId: SIM_GZH_DEFAULTS.appId,
      callbackUrl: receiverUrl,
      token: 'otherToken1',
      encodingAesKey: SIM_GZH_DEFAULTS.encodingAesKey,
    });
    await json('POST', '/control/gzh/config', { token: SIM_GZH_DEFAULTS.token });
  });

  it('reads its EncodingAESKey from SIM_GZH_AES_KEY: default key, empty for plain text, else 43 characters', () => {
    expect(simulatorOptionsFromEnv({}).gzh?.encodingAesKey).toBe(SIM_GZH_DEFAULTS.encodingAesKey);
    expect(simulatorOptionsFromEnv({ SIM_GZH_AES_KEY: '' }).gzh?.encodingAesKey).toBe('');
    expect(simulatorOptionsFromEnv({ SIM_GZH_AES_KEY: 'b'.repeat(43) }).gzh?.encodingAesKey).toBe('b'.repeat(43));
    expect(() => simulatorOptionsFromEnv({ SIM_GZH_AES_KEY: 'short' })).toThrow(/SIM_GZH_AES_KEY/);
  });

  it('pushes plain text when its EncodingAESKey is cleared', async () => {
    expect((await json('POST', '/control/gzh/config', { encodingAesKey: 'too-short' })).status).toBe(400);
    expect((await json('POST', '/control/gzh/config', { encodingAesKey: '' })).status).toBe(200);
    try {
      const qr = await createQr('plain_1');
      expect((await json('POST', '/control/gzh/scan', { ticket: qr.ticket })).body.delivered).toBe(true);
      expect(received[0]!.query.get('msg_signature')).toBeNull();
      expect(received[0]!.body).toContain('<EventKey><![CDATA[qrscene_plain_1]]></EventKey>');
    } finally {
      await json('POST', '/control/gzh/config', { encodingAesKey: SIM_GZH_DEFAULTS.encodingAesKey });
    }
  });
});

describe('pages', () => {
  it('serves the page for people', async () => {
    const res = await fetch(`${base}/`, { headers: auth() });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const text of ['短信发件箱', '待扫码的二维码', '以新微信用户扫码', '以已注册微信用户扫码', '/sms/outbox', '/control/gzh/scenes']) {
      expect(html).toContain(text);
    }
  });

  it('serves the page a QR code points to', async () => {
    const qr = await createQr('page<scene>');
    const html = await (await fetch(qr.url, { headers: auth() })).text();
    expect(html).toContain('模拟微信扫码');
    expect(html).toContain('page&lt;scene&gt;');
    expect(html).toContain(`scanAsNew('${qr.ticket}')`);
    expect(await (await fetch(`${base}/gzh/qr/gQmissing`, { headers: auth() })).text()).toContain('二维码不存在');
  });

  it('forgets everything on reset', async () => {
    await json('POST', '/sms/send', { phone: '13800000009', content: '1234' });
    expect(await json('POST', '/control/reset')).toMatchObject({ body: { errcode: 0 } });
    expect((await json('GET', '/sms/outbox')).body.list).toEqual([]);
    expect((await json('GET', '/control/gzh/scenes')).body.list).toEqual([]);
  });
});
