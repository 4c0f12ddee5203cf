// Official-account QR: scan-to-login, bind-phone after an unregistered scan, binding, the callback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzhSignature, toXml } from '@scrm/wecom-sim';
import { gzhRequest, newNonce, nowS, postGzh } from '../helpers/gzh.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const newLoginQr = async () => {
  const r = await h.api<{ code: string; url: string; expiresIn: number }>('/api/account/login/gzh/code', {});
  expect(r.status).toBe(200);
  return r.data;
};
const poll = (code: string) => h.api<{ token: string | null }>('/api/account/login/callback', { code });
const scan = (sceneStr: string, openid?: string) =>
  h.simCall<{ openid: string; delivered: boolean; event: string }>('POST', '/control/gzh/scan', { sceneStr, openid });
const sceneRow = (code: string) => h.server.database.kysely.selectFrom('qr_scene').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

describe('login by QR', () => {
  it('creates a 10-minute official-account QR through the simulator', async () => {
    const qr = await newLoginQr();
    expect(qr.expiresIn).toBe(600_000);
    expect(qr.url).toMatch(new RegExp(`^${h.simUrl}/gzh/qr/gQ[\\w-]+$`));
    const { body } = await h.simCall('GET', '/control/gzh/scenes');
    expect(body.list[0]).toMatchObject({ sceneStr: qr.code, status: 'pending' });
    expect(body.list[0].expiresAt - body.list[0].createdAt).toBe(600_000);
    expect(await poll(qr.code)).toMatchObject({ status: 200, code: 0, data: { token: null } });
  });

  it('unregistered WeChat user: 10006 until bound by create/scan, then logged in', async () => {
    const qr = await newLoginQr();
    const scanned = await scan(qr.code);
    expect(scanned.body).toMatchObject({ delivered: true, event: 'subscribe' });
    for (let i = 0; i < 2; i++) {
      expect(await poll(qr.code)).toMatchObject({ status: 400, code: 10006, message: '该微信尚未注册，请绑定手机号' });
    }
    const phone = uniquePhone();
    const code = await h.sendCode(phone);
    const r = await h.api('/api/account/create/scan', { phone, code, wxCode: qr.code });
    expect(r.status).toBe(200);
    const info = await h.api('/api/account/info', {}, r.data.token);
    expect(info.data).toMatchObject({ phone, account: phone, isBindGzh: true, isChild: false });
    expect(await poll(qr.code)).toMatchObject({ status: 400, message: '二维码已使用' });

    // The same WeChat user scans a new QR: now a follower (SCAN event) with an account.
    const next = await newLoginQr();
    expect((await scan(next.code, scanned.body.openid)).body).toMatchObject({ delivered: true, event: 'SCAN' });
    const login = await poll(next.code);
    expect(login.status).toBe(200);
    expect((await h.api('/api/account/info', {}, login.data.token!)).data.phone).toBe(phone);
    expect(await poll(next.code)).toMatchObject({ status: 400, message: '二维码已使用' });

    // An account created by scan has no password: its first one needs no old one.
    expect((await h.api('/api/account/update/password', { oldPassword: '', password: 'first-pass' }, login.data.token!)).status).toBe(200);
    expect((await h.api('/api/account/login', { phone, password: 'first-pass' })).status).toBe(200);
  });

  it('create/scan binds the WeChat user to an existing phone account', async () => {
    const phone = uniquePhone();
    const first = await h.register(phone, 'pass1234');
    const { data: before } = await h.api('/api/account/info', {}, first);
    expect(before.isBindGzh).toBe(false);
    const qr = await newLoginQr();
    await scan(qr.code);
    await h.server.database.kysely.updateTable('sms_code').set({ created_at: 0 }).where('phone', '=', phone).execute();
    const code = await h.sendCode(phone);
    const r = await h.api('/api/account/create/scan', { phone, code, wxCode: qr.code });
    expect(r.status).toBe(200);
    const { data: after } = await h.api('/api/account/info', {}, r.data.token);
    expect(after).toMatchObject({ id: before.id, isBindGzh: true });
    expect((await h.api('/api/account/login', { phone, password: 'pass1234' })).status).toBe(200);
  });

  it('create/scan validates its fields and the scan', async () => {
    const qr = await newLoginQr();
    const phone = uniquePhone();
    expect(await h.api('/api/account/create/scan', { phone: '', code: '1', wxCode: qr.code })).toMatchObject({ status: 400, message: '手机号不能为空' });
    expect(await h.api('/api/account/create/scan', { phone: '1', code: '1', wxCode: qr.code })).toMatchObject({ status: 400, message: '手机号格式错误' });
    expect(await h.api('/api/account/create/scan', { phone, code: '', wxCode: qr.code })).toMatchObject({ status: 400, message: '验证码不能为空' });
    // Not scanned yet, or unknown.
    expect(await h.api('/api/account/create/scan', { phone, code: '123456', wxCode: qr.code })).toMatchObject({
      status: 400,
      message: '二维码已失效，请重新扫码',
    });
    expect(await h.api('/api/account/create/scan', { phone, code: '123456', wxCode: 'nope' })).toMatchObject({
      status: 400,
      message: '二维码已失效，请重新扫码',
    });
    await scan(qr.code);
    expect(await h.api('/api/account/create/scan', { phone, code: '123456', wxCode: qr.code })).toMatchObject({
      status: 400,
      message: '验证码错误或已过期',
    });
    expect(await h.api('/api/account/create/scan', { phone, code: '123456' })).toMatchObject({ status: 400, message: '参数错误：缺少 wxCode' });
  });

  it('reports expired, unknown and used codes', async () => {
    expect(await poll('no-such-code')).toMatchObject({ status: 400, message: '二维码无效' });
    expect(await poll('')).toMatchObject({ status: 400, message: '二维码无效' });
    const qr = await newLoginQr();
    await h.server.database.kysely.updateTable('qr_scene').set({ expires_at: Date.now() - 1 }).where('code', '=', qr.code).execute();
    expect(await poll(qr.code)).toMatchObject({ status: 400, message: '二维码已过期，请刷新' });
    // A scan arriving after expiry changes nothing.
    await scan(qr.code);
    expect(await sceneRow(qr.code)).toMatchObject({ status: 'pending', openid: null });
    // A bind code is no login code.
    const bind = await h.api('/api/account/bind/gzh/code', {}, await h.register(uniquePhone()));
    expect(await poll(bind.data.code)).toMatchObject({ status: 400, message: '二维码无效' });
  });
});

describe('official-account callback', () => {
  const signedUrl = (q: Record<string, string>) => `${h.baseUrl}/api/gzh/callback?${new URLSearchParams(q)}`;
  const sign = (timestamp = nowS(), nonce = newNonce()) => ({
    timestamp,
    nonce,
    signature: gzhSignature(h.config.gzh.token, timestamp, nonce),
  });
  const event = (sceneStr: string, openid: string) =>
    toXml({ ToUserName: 'gh_x', FromUserName: openid, CreateTime: 1, MsgType: 'event', Event: 'SCAN', EventKey: sceneStr, Ticket: 't' });

  it('answers the URL check with echostr when signed', async () => {
    const ok = await fetch(signedUrl({ ...sign(), echostr: 'hello123' }));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('hello123');
    const bad = await fetch(signedUrl({ ...sign(), signature: 'f'.repeat(40), echostr: 'hello123' }));
    expect(bad.status).toBe(401);
  });

  it('ignores a forged event: nothing changes', async () => {
    const qr = await newLoginQr();
    const forged = await fetch(signedUrl({ ...sign(), signature: '0'.repeat(40) }), {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: event(qr.code, 'oForged'),
    });
    expect(forged.status).toBe(401);
    const unsigned = await fetch(`${h.baseUrl}/api/gzh/callback`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: event(qr.code, 'oForged') });
    expect(unsigned.status).toBe(401);
    expect(await sceneRow(qr.code)).toMatchObject({ status: 'pending', openid: null });
    expect(await poll(qr.code)).toMatchObject({ status: 200, data: { token: null } });
  });

  it('accepts a signed (safe-mode) event once; repeats and other messages change nothing', async () => {
    const qr = await newLoginQr();
    const send = (xml: string) => postGzh(gzhRequest(h, xml, { key: h.config.gzh.aesKey })).then((r) => [r.status, r.text]);
    expect(await send(event(qr.code, 'oFirst'))).toEqual([200, 'success']);
    expect(await send(event(qr.code, 'oSecond'))).toEqual([200, 'success']);
    expect(await sceneRow(qr.code)).toMatchObject({ status: 'scanned', openid: 'oFirst' });
    expect(await send(toXml({ FromUserName: 'o1', MsgType: 'text', Content: 'hi' }))).toEqual([200, 'success']);
    expect(await send('<xml><a>1</a>')).toEqual([400, JSON.stringify({ code: 400, message: '消息格式错误' })]);
  });
});

describe('binding the official account', () => {
  it('binds the scanning WeChat user and hands out a fresh token', async () => {
    const token = await h.register(uniquePhone());
    const qr = await h.api('/api/account/bind/gzh/code', {}, token);
    expect(qr).toMatchObject({ status: 200, data: { expiresIn: 600_000 } });
    const bindPoll = (code: string, t = token) => h.api('/api/account/bind/gzh/code/change', { code }, t);
    expect(await bindPoll(qr.data.code)).toMatchObject({ status: 200, data: { token: null } });
    const scanned = await scan(qr.data.code);
    expect(scanned.body.delivered).toBe(true);
    const done = await bindPoll(qr.data.code);
    expect(done.status).toBe(200);
    expect(done.data.token).toMatch(/^[\w-]{43}$/);
    expect((await h.api('/api/account/info', {}, done.data.token)).data.isBindGzh).toBe(true);
    // The fresh token replaces the one that asked: one session for the browser, not two.
    expect((await h.api('/api/account/info', {}, token)).status).toBe(401);
    expect(await bindPoll(qr.data.code, done.data.token)).toMatchObject({ status: 400, message: '二维码已使用' });

    // The bound WeChat user can now log in by QR.
    const login = await newLoginQr();
    await scan(login.code, scanned.body.openid);
    expect((await poll(login.code)).status).toBe(200);

    // Another account cannot take the same WeChat user.
    const other = await h.register(uniquePhone());
    const qr2 = await h.api('/api/account/bind/gzh/code', {}, other);
    await scan(qr2.data.code, scanned.body.openid);
    expect(await bindPoll(qr2.data.code, other)).toMatchObject({ status: 409, message: '该微信已绑定其他账号' });
    expect((await h.api('/api/account/info', {}, other)).data.isBindGzh).toBe(false);
  });

  it('refuses someone else\'s or an expired bind code', async () => {
    const a = await h.register(uniquePhone());
    const b = await h.register(uniquePhone());
    const qr = await h.api('/api/account/bind/gzh/code', {}, a);
    expect(await h.api('/api/account/bind/gzh/code/change', { code: qr.data.code }, b)).toMatchObject({ status: 400, message: '二维码无效' });
    await h.server.database.kysely.updateTable('qr_scene').set({ expires_at: Date.now() - 1 }).where('code', '=', qr.data.code).execute();
    expect(await h.api('/api/account/bind/gzh/code/change', { code: qr.data.code }, a)).toMatchObject({
      status: 400,
      message: '二维码已过期，请刷新',
    });
    expect((await scan(qr.data.code)).status).toBe(200);
    expect(await sceneRow(qr.data.code)).toMatchObject({ status: 'pending' });
  });
});
