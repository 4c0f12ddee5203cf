// The general calls: /api/cookie/update (a fresh XSRF cookie) and GET /api/get_access_token with the
// sister platforms' exchange of its token (short-lived, single-use, one audience, tied to the session).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { sha256Hex } from '../../src/auth/tokens.js';
import { ACCESS_TOKEN_TTL_MS } from '../../src/auth/access-token.service.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { createChild } from '../helpers/child.js';

const SECRET = 'mall-secret-0123456789';
const logs: string[] = [];
let h: Harness;
beforeAll(async () => {
  h = await startHarness(
    {
      LOG_LEVEL: 'info',
      SISTER_APPS: JSON.stringify([
        { id: 'ads', name: '广告投放', icon: 'FundOutlined', url: 'https://ads.example' },
        { id: 'mall', name: '小程序商城', icon: 'ShopOutlined', url: 'https://mall.example/entry' },
        { name: '短信营销', icon: 'MessageOutlined', url: 'https://sms.example' },
      ]),
      SISTER_APP_SECRETS: JSON.stringify({ mall: SECRET }),
    },
    {},
    { logStream: new Writable({ write: (chunk, _enc, done) => void (logs.push(String(chunk)), done()) }) },
  );
});
afterAll(() => h?.close());

const getToken = async (app: string, token: string) => {
  const res = await fetch(`${h.baseUrl}/api/get_access_token?app=${encodeURIComponent(app)}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, ...((await res.json()) as { code: number; message: string; data: any }) };
};
const exchange = (accessToken: string, app: string, secret?: string) =>
  h.api('/api/access_token/exchange', { accessToken, app }, secret);

describe('POST /api/cookie/update', () => {
  it('hands out a new XSRF cookie, even when the page’s header no longer matches its cookie', async () => {
    const r = await h.api('/api/cookie/update', {}, undefined, { cookie: 'XSRF-TOKEN=stale', 'x-xsrf-token': 'other' });
    expect(r).toMatchObject({ status: 200, code: 0, data: null });
    const set = r.headers.get('set-cookie') ?? '';
    expect(set).toMatch(/^XSRF-TOKEN=[\w-]{20,}; Path=\/; SameSite=Lax$/);
    expect(set).not.toContain('stale');
    const fresh = /^XSRF-TOKEN=([\w-]+)/.exec(set)![1]!;
    // The new pair passes where the stale one failed.
    const token = await h.register(uniquePhone());
    expect(await h.api('/api/account/info', {}, token, { cookie: 'XSRF-TOKEN=stale', 'x-xsrf-token': 'other' })).toMatchObject({
      status: 403,
      code: 10403,
    });
    expect((await h.api('/api/account/info', {}, token, { cookie: `XSRF-TOKEN=${fresh}`, 'x-xsrf-token': fresh })).status).toBe(200);
  });

  it('works without a cookie and without a login', async () => {
    const r = await h.api('/api/cookie/update');
    expect(r.status).toBe(200);
    expect(r.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
  });
});

describe('GET /api/get_access_token', () => {
  it('hands out a 5-minute token for one sister app, which its server exchanges once for the user', async () => {
    const phone = uniquePhone();
    const token = await h.register(phone);
    const r = await getToken('ads', token);
    expect(r).toMatchObject({ status: 200, code: 0, data: { app: 'ads', expiresIn: 300, url: 'https://ads.example' } });
    expect(ACCESS_TOKEN_TTL_MS).toBe(300_000);
    const accessToken = r.data.accessToken as string;
    expect(accessToken).toMatch(/^[\w-]{40,}$/);
    expect(accessToken).not.toBe(token);
    const info = (await h.api('/api/account/info', {}, token)).data;
    const x = await exchange(accessToken, 'ads');
    expect(x).toMatchObject({ status: 200, data: { app: 'ads', accountId: info.id, mainAccountId: info.id, isChild: false, account: phone, nickname: info.nickname } });
    // Once only.
    expect(await exchange(accessToken, 'ads')).toMatchObject({ status: 401, message: '访问令牌无效或已过期' });
    // Only its hash is stored.
    const row = await h.server.database.kysely.selectFrom('access_token').selectAll().where('token_hash', '=', sha256Hex(accessToken)).executeTakeFirst();
    expect(row).toMatchObject({ audience: 'ads', session_hash: sha256Hex(token) });
  });

  it('is refused by another audience, after its expiry, and with an unknown token', async () => {
    const token = await h.register(uniquePhone());
    const forAds = (await getToken('ads', token)).data.accessToken as string;
    expect(await exchange(forAds, '3')).toMatchObject({ status: 401, message: '访问令牌无效或已过期' });
    expect(await exchange(forAds, 'nope')).toMatchObject({ status: 401 });
    expect(await exchange('x'.repeat(43), 'ads')).toMatchObject({ status: 401 });
    await h.server.database.kysely.updateTable('access_token').set({ expires_at: Date.now() - 1 }).where('token_hash', '=', sha256Hex(forAds)).execute();
    expect(await exchange(forAds, 'ads')).toMatchObject({ status: 401 });
    // An app without an id in SISTER_APPS is named by its position.
    const third = await getToken('3', token);
    expect(third.data).toMatchObject({ app: '3', url: 'https://sms.example' });
    expect((await exchange(third.data.accessToken, '3')).status).toBe(200);
  });

  it('is revoked with its session: logout, 退出该设备, a password change', async () => {
    const phone = uniquePhone();
    const a = await h.register(phone);
    const b = (await h.api('/api/account/login', { phone, password: 'secret123' })).data.token as string;
    const fromB = (await getToken('ads', b)).data.accessToken as string;
    const fromA = (await getToken('ads', a)).data.accessToken as string;
    const bId = (await h.api('/api/account/session/list', {}, b)).data.list.find((s: { current: boolean }) => s.current).id;
    expect((await h.api('/api/account/session/revoke', { id: bId }, a)).status).toBe(200);
    expect(await exchange(fromB, 'ads')).toMatchObject({ status: 401 });
    // B's revoked session gets no new token either.
    expect(await getToken('ads', b)).toMatchObject({ status: 401, code: 10401 });
    await h.api('/api/account/logout', {}, a);
    expect(await exchange(fromA, 'ads')).toMatchObject({ status: 401 });
  });

  it('needs the app’s secret when one is configured', async () => {
    const token = await h.register(uniquePhone());
    const t1 = (await getToken('mall', token)).data.accessToken as string;
    expect(await exchange(t1, 'mall')).toMatchObject({ status: 401, message: '应用密钥错误' });
    expect(await exchange(t1, 'mall', 'wrong-secret-0123456789')).toMatchObject({ status: 401, message: '应用密钥错误' });
    expect((await exchange(t1, 'mall', SECRET)).status).toBe(200);
  });

  it('refuses an unknown app, a missing app and no login; a child gets its own identity', async () => {
    const main = await h.register(uniquePhone());
    expect(await getToken('nope', main)).toMatchObject({ status: 400, message: '应用不存在' });
    const res = await fetch(`${h.baseUrl}/api/get_access_token`, { headers: { authorization: `Bearer ${main}` } });
    expect(res.status).toBe(400);
    expect((await fetch(`${h.baseUrl}/api/get_access_token?app=ads`)).status).toBe(401);
    const account = `kid${Date.now() % 1000000}`;
    await createChild(h, { account, password: 'kidpass1', permissionKeys: [] }, main);
    const kid = (await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).data.token as string;
    const t = (await getToken('ads', kid)).data.accessToken as string;
    const mainId = (await h.api('/api/account/info', {}, main)).data.id;
    expect((await exchange(t, 'ads')).data).toMatchObject({ isChild: true, mainAccountId: mainId, account });
  });

  it('keeps tokens and secrets out of the log', async () => {
    const token = await h.register(uniquePhone());
    const t = (await getToken('mall', token)).data.accessToken as string;
    await exchange(t, 'mall', SECRET);
    const text = logs.join('');
    expect(text).toContain('/api/get_access_token');
    for (const s of [t, SECRET, token]) expect(text).not.toContain(s);
  });
});
