// The logged-in account: info, profile, password, logout and token revocation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/auth/tokens.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const login = async (phone: string, password: string) => (await h.api('/api/account/login', { phone, password })).data?.token as string;

describe('logout', () => {
  it('revokes the token it was called with, only that one', async () => {
    const phone = uniquePhone();
    const a = await h.register(phone, 'pass1234');
    const b = await login(phone, 'pass1234');
    expect(await h.api('/api/account/logout', {}, a)).toMatchObject({ status: 200, code: 0, data: null });
    expect(await h.api('/api/account/info', {}, a)).toMatchObject({ status: 401, code: 10401 });
    expect((await h.api('/api/account/info', {}, b)).status).toBe(200);
  });

  it('works without a body', async () => {
    const token = await h.register(uniquePhone());
    expect((await h.api('/api/account/logout', undefined, token)).status).toBe(200);
    expect((await h.api('/api/account/info', undefined, token)).status).toBe(401);
  });

  it('treats an expired session as logged out', async () => {
    const token = await h.register(uniquePhone());
    await h.server.database.kysely
      .updateTable('session')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    expect(await h.api('/api/account/info', {}, token)).toMatchObject({ status: 401, code: 10401 });
  });
});

describe('update/password', () => {
  it('changes the password and revokes the other sessions', async () => {
    const phone = uniquePhone();
    const current = await h.register(phone, 'pass1234');
    const other = await login(phone, 'pass1234');
    const r = await h.api('/api/account/update/password', { oldPassword: 'pass1234', password: 'newpass99' }, current);
    expect(r).toMatchObject({ status: 200, code: 0 });
    expect((await h.api('/api/account/info', {}, current)).status).toBe(200);
    expect(await h.api('/api/account/info', {}, other)).toMatchObject({ status: 401, code: 10401 });
    expect(await h.api('/api/account/login', { phone, password: 'pass1234' })).toMatchObject({ status: 400 });
    expect((await h.api('/api/account/login', { phone, password: 'newpass99' })).status).toBe(200);
  });

  it('refuses a wrong old password and a bad new one', async () => {
    const token = await h.register(uniquePhone(), 'pass1234');
    expect(await h.api('/api/account/update/password', { oldPassword: 'nope1234', password: 'newpass99' }, token)).toMatchObject({
      status: 400,
      message: '原密码错误',
    });
    expect(await h.api('/api/account/update/password', { oldPassword: 'pass1234', password: '123' }, token)).toMatchObject({
      status: 400,
      message: '密码长度为6-32位',
    });
    expect(await h.api('/api/account/update/password', { oldPassword: 'pass1234', password: '' }, token)).toMatchObject({
      status: 400,
      message: '密码不能为空',
    });
    expect(await h.api('/api/account/update/password', { password: 'newpass99' }, token)).toMatchObject({
      status: 400,
      message: '参数错误：缺少 oldPassword',
    });
  });
});

describe('update/account', () => {
  it('renames the account and the nickname', async () => {
    const phone = uniquePhone();
    const token = await h.register(phone);
    const r = await h.api('/api/account/update/account', { account: ` boss${phone.slice(-4)} `, nickname: '老板' }, token);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ account: `boss${phone.slice(-4)}`, nickname: '老板', phone });
    expect((await h.api('/api/account/info', {}, token)).data).toMatchObject({ account: `boss${phone.slice(-4)}`, nickname: '老板' });
  });

  it('refuses a name in use and bad lengths', async () => {
    const p1 = uniquePhone();
    const p2 = uniquePhone();
    await h.register(p1);
    const t2 = await h.register(p2);
    expect(await h.api('/api/account/update/account', { account: p1 }, t2)).toMatchObject({ status: 409, message: '账号名已被使用' });
    expect(await h.api('/api/account/update/account', { account: 'a' }, t2)).toMatchObject({ status: 400, message: '账号名长度为2-32位' });
    expect(await h.api('/api/account/update/account', { account: '' }, t2)).toMatchObject({ status: 400, message: '账号不能为空' });
    expect(await h.api('/api/account/update/account', { account: 'x'.repeat(33) }, t2)).toMatchObject({
      status: 400,
      message: '参数错误：account 长度不能超过32位',
    });
    expect(await h.api('/api/account/update/account', { nickname: ' ' }, t2)).toMatchObject({ status: 400, message: '昵称不能为空' });
    // Keeping one's own name is fine.
    expect((await h.api('/api/account/update/account', { account: p2 }, t2)).status).toBe(200);
  });
});

describe('permission/detail and work spaces of a main account', () => {
  it('opens everything for a main account', async () => {
    const token = await h.register(uniquePhone());
    const r = await h.api('/api/account/permission/detail', {}, token);
    expect(r.status).toBe(200);
    expect(r.data.length).toBeGreaterThan(5);
    for (const section of r.data) {
      expect(section.open).toBe(true);
      for (const child of section.children) expect(child.open).toBe(true);
    }
    // Every node below a section: pages, their sub-pages and their action keys.
    const keys = r.data.find((s: { key: string }) => s.key === 'acquire').children.map((c: { key: string }) => c.key);
    expect(keys.filter((k: string) => !k.includes('.'))).toEqual(['channel-qrcode', 'staff-qrcode', 'customer-qrcode', 'risk']);
    expect(keys).toContain('channel-qrcode.manage');
    expect(keys).toContain('risk.cron.detail');
  });

  it('lists no work spaces yet', async () => {
    const token = await h.register(uniquePhone());
    expect(await h.api('/api/qw/list', { page: 0, pageSize: 100 }, token)).toMatchObject({
      status: 200,
      data: { list: [], total: 0 },
    });
  });
});
