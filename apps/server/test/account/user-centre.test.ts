// 用户中心: the phone change (SMS to the new number), the login sessions and their revocation, last seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/auth/tokens.js';
import { LAST_SEEN_EVERY_MS } from '../../src/auth/session.service.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { createChild } from '../helpers/child.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN';

const login = async (phone: string, password = 'secret123', ua = CHROME) => {
  const r = await h.api<{ token: string }>('/api/account/login', { phone, password }, undefined, { 'user-agent': ua });
  expect(r.status).toBe(200);
  return r.data.token;
};
const sessions = async (token: string) => {
  const r = await h.api('/api/account/session/list', {}, token);
  expect(r.status).toBe(200);
  return r.data.list as Array<{ id: string; device: string; ip: string; createdAt: number; lastSeenAt: number; current: boolean; userAgent: string }>;
};

describe('update/phone', () => {
  it('moves the account to a verified new phone; the account name follows the old phone; log in with the new one', async () => {
    const old = uniquePhone();
    const token = await h.register(old);
    const phone = uniquePhone();
    const code = await h.sendCode(phone);
    const r = await h.api('/api/account/update/phone', { phone, code, password: 'secret123' }, token);
    expect(r).toMatchObject({ status: 200, code: 0, data: { phone, account: phone } });
    expect((await h.api('/api/account/info', {}, token)).data).toMatchObject({ phone, account: phone });
    expect((await h.api('/api/account/login', { phone, password: 'secret123' })).status).toBe(200);
    expect(await h.api('/api/account/login', { phone: old, password: 'secret123' })).toMatchObject({ status: 400 });
  });

  it('keeps a chosen account name', async () => {
    const token = await h.register(uniquePhone());
    const name = `boss${Date.now() % 100000}`;
    expect((await h.api('/api/account/update/account', { account: name }, token)).status).toBe(200);
    const phone = uniquePhone();
    const code = await h.sendCode(phone);
    const r = await h.api('/api/account/update/phone', { phone, code, password: 'secret123' }, token);
    expect(r.data).toMatchObject({ phone, account: name });
  });

  it('refuses a wrong code, a wrong or missing password, the same phone, a taken phone and a bad number, in Chinese', async () => {
    const old = uniquePhone();
    const token = await h.register(old);
    const other = uniquePhone();
    await h.register(other);
    const phone = uniquePhone();
    const code = await h.sendCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await h.api('/api/account/update/phone', { phone, code: wrong, password: 'secret123' }, token)).toMatchObject({
      status: 400,
      message: '验证码错误或已过期',
    });
    expect(await h.api('/api/account/update/phone', { phone, code, password: 'nope12345' }, token)).toMatchObject({ status: 400, message: '当前密码错误' });
    expect(await h.api('/api/account/update/phone', { phone, code }, token)).toMatchObject({ status: 400, message: '请输入当前密码' });
    expect(await h.api('/api/account/update/phone', { phone: old, code, password: 'secret123' }, token)).toMatchObject({
      status: 400,
      message: '新手机号与当前手机号相同',
    });
    expect(await h.api('/api/account/update/phone', { phone: other, code, password: 'secret123' }, token)).toMatchObject({
      status: 409,
      message: '该手机号已被其他账号使用',
    });
    expect(await h.api('/api/account/update/phone', { phone: '1380000', code, password: 'secret123' }, token)).toMatchObject({
      status: 400,
      message: '手机号格式错误',
    });
    expect(await h.api('/api/account/update/phone', { phone, code: '', password: 'secret123' }, token)).toMatchObject({
      status: 400,
      message: '验证码不能为空',
    });
    // A code sent to another number proves nothing about this one.
    const elsewhere = uniquePhone();
    const theirs = await h.sendCode(elsewhere);
    expect(await h.api('/api/account/update/phone', { phone, code: theirs === code ? wrong : theirs, password: 'secret123' }, token)).toMatchObject({
      status: 400,
    });
    // The right code still works (a wrong try does not burn it), once.
    expect((await h.api('/api/account/update/phone', { phone, code, password: 'secret123' }, token)).status).toBe(200);
    expect((await h.api('/api/account/info', {}, token)).data.phone).toBe(phone);
  });

  it('needs a login', async () => {
    expect(await h.api('/api/account/update/phone', { phone: uniquePhone(), code: '123456' })).toMatchObject({ status: 401, code: 10401 });
  });
});

describe('session/list', () => {
  it('lists the live sessions with device, IP and times, the current one first and marked', async () => {
    const phone = uniquePhone();
    const first = await h.register(phone);
    const second = await login(phone, 'secret123', IPHONE_WECHAT);
    const gone = await login(phone);
    await h.api('/api/account/logout', {}, gone);
    const list = await sessions(second);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, device: '微信 · iPhone', ip: '127.0.0.1' });
    expect(list[1]).toMatchObject({ current: false });
    expect(list[0]!.createdAt).toBeGreaterThan(Date.now() - 60_000);
    expect(list[0]!.lastSeenAt).toBeGreaterThanOrEqual(list[0]!.createdAt);
    // No token or token hash in the answer.
    const text = JSON.stringify(list);
    for (const t of [first, second, sha256Hex(first), sha256Hex(second)]) expect(text).not.toContain(t);
    expect(list.map((s) => s.id)).not.toContain(sha256Hex(first).slice(0, 32));
    const fromFirst = await sessions(first);
    expect(fromFirst.find((s) => s.current)!.id).toBe(list[1]!.id);
  });

  it('shows only the caller’s own sessions', async () => {
    const a = await h.register(uniquePhone());
    const b = await h.register(uniquePhone());
    const listA = await sessions(a);
    const listB = await sessions(b);
    expect(listA).toHaveLength(1);
    expect(listB).toHaveLength(1);
    expect(listA[0]!.id).not.toBe(listB[0]!.id);
  });
});

describe('last seen', () => {
  it('is written at most once a minute per session', async () => {
    const token = await h.register(uniquePhone());
    const hash = sha256Hex(token);
    const db = h.server.database.kysely;
    const read = async () => (await db.selectFrom('session').select('last_seen_at').where('token_hash', '=', hash).executeTakeFirstOrThrow()).last_seen_at;
    expect(await read()).toBeNull(); // just created: created_at stands for it
    await h.api('/api/account/info', {}, token);
    expect(await read()).toBeNull();
    const old = Date.now() - LAST_SEEN_EVERY_MS - 5_000;
    await db.updateTable('session').set({ last_seen_at: old }).where('token_hash', '=', hash).execute();
    // A minute passed, as far as the session is concerned: a session kept a second (PostgreSQL) would be
    // gone by then (a write of the last seen time alone does not empty the cache: it changes no answer).
    h.server.services.sessionCache?.invalidate();
    await Promise.all([1, 2, 3].map(() => h.api('/api/account/info', {}, token)));
    const seen = Number(await read());
    expect(seen).toBeGreaterThan(old + LAST_SEEN_EVERY_MS);
    await h.api('/api/account/info', {}, token);
    expect(Number(await read())).toBe(seen);
    expect((await sessions(token))[0]!.lastSeenAt).toBe(seen);
  });
});

describe('session/revoke', () => {
  it('logs out one other device: its next request is 401/10401; the others stay', async () => {
    const phone = uniquePhone();
    const me = await h.register(phone);
    const other = await login(phone);
    const third = await login(phone);
    const list = await sessions(me);
    const otherId = (await sessions(other)).find((s) => s.current)!.id;
    expect(list.map((s) => s.id)).toContain(otherId);
    expect(await h.api('/api/account/session/revoke', { id: otherId }, me)).toMatchObject({ status: 200, code: 0, data: null });
    expect(await h.api('/api/account/info', {}, other)).toMatchObject({ status: 401, code: 10401 });
    expect((await h.api('/api/account/info', {}, third)).status).toBe(200);
    expect((await h.api('/api/account/info', {}, me)).status).toBe(200);
    expect((await sessions(me)).map((s) => s.id)).not.toContain(otherId);
    expect(await h.api('/api/account/session/revoke', { id: otherId }, me)).toMatchObject({ status: 404, message: '该登录设备不存在或已退出' });
  });

  it('cannot reach another account’s session, nor the current one', async () => {
    const mine = await h.register(uniquePhone());
    const theirs = await h.register(uniquePhone());
    const theirId = (await sessions(theirs))[0]!.id;
    expect(await h.api('/api/account/session/revoke', { id: theirId }, mine)).toMatchObject({ status: 404 });
    expect((await h.api('/api/account/info', {}, theirs)).status).toBe(200);
    const myId = (await sessions(mine))[0]!.id;
    expect(await h.api('/api/account/session/revoke', { id: myId }, mine)).toMatchObject({ status: 400, message: '不能退出当前设备，请使用「退出登录」' });
    expect((await h.api('/api/account/info', {}, mine)).status).toBe(200);
  });

  it('logs out every other device at once', async () => {
    const phone = uniquePhone();
    const me = await h.register(phone);
    const others = [await login(phone), await login(phone)];
    const stranger = await h.register(uniquePhone());
    expect(await h.api('/api/account/session/revoke/others', {}, me)).toMatchObject({ status: 200, data: { count: 2 } });
    for (const t of others) expect(await h.api('/api/account/info', {}, t)).toMatchObject({ status: 401, code: 10401 });
    expect((await h.api('/api/account/info', {}, me)).status).toBe(200);
    expect((await h.api('/api/account/info', {}, stranger)).status).toBe(200);
    expect(await sessions(me)).toHaveLength(1);
    expect((await h.api('/api/account/session/revoke/others', {}, me)).data).toEqual({ count: 0 });
  });

  it('works for a child account on its own sessions', async () => {
    const main = await h.register(uniquePhone());
    const account = `kid${Date.now() % 1000000}`;
    expect((await createChild(h, { account, password: 'kidpass1', permissionKeys: [] }, main)).status).toBe(200);
    const kid1 = await login(account, 'kidpass1');
    const kid2 = await login(account, 'kidpass1');
    const list = await sessions(kid1);
    expect(list).toHaveLength(2);
    expect((await h.api('/api/account/session/revoke', { id: list[1]!.id }, kid1)).status).toBe(200);
    expect((await h.api('/api/account/info', {}, kid2)).status).toBe(401);
    expect((await h.api('/api/account/info', {}, main)).status).toBe(200);
  });
});
