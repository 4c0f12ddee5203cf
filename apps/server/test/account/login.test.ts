// login (password and SMS code), brute-force lock, disabled accounts, debug login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => h?.close());

const login = (body: unknown) => h.api<{ token: string }>('/api/account/login', body);

describe('password login', () => {
  it('logs in by phone or account name', async () => {
    const phone = uniquePhone();
    const t0 = await h.register(phone, 'pass1234');
    await h.api('/api/account/update/account', { account: `acc${phone.slice(-6)}` }, t0);
    for (const id of [phone, `acc${phone.slice(-6)}`]) {
      const r = await login({ phone: id, password: 'pass1234' });
      expect(r.status, id).toBe(200);
      expect((await h.api('/api/account/info', {}, r.data.token)).data.phone).toBe(phone);
    }
  });

  it('validates with the spec messages', async () => {
    expect(await login({ phone: '', password: 'x' })).toMatchObject({ status: 400, message: '账号不能为空' });
    expect(await login({ phone: '   ', password: 'x' })).toMatchObject({ status: 400, message: '账号不能为空' });
    expect(await login({ phone: 'someone', password: '' })).toMatchObject({ status: 400, message: '密码不能为空' });
    expect(await login({ phone: 'someone', password: 5 })).toMatchObject({ status: 400, message: '参数错误：password 应为字符串' });
  });

  it('says the same for a wrong password and an unknown account', async () => {
    const phone = uniquePhone();
    await h.register(phone, 'pass1234');
    expect(await login({ phone, password: 'wrong-pass' })).toMatchObject({ status: 400, code: 400, message: '账号或密码错误' });
    expect(await login({ phone: 'no-such-account', password: 'pass1234' })).toMatchObject({ status: 400, message: '账号或密码错误' });
  });

  it('locks an identifier after too many failures, even for the right password', async () => {
    const phone = uniquePhone();
    await h.register(phone, 'pass1234');
    for (let i = 0; i < 3; i++) expect((await login({ phone, password: 'wrong-pass' })).status).toBe(400);
    const locked = await login({ phone, password: 'pass1234' });
    expect(locked).toMatchObject({ status: 429, message: '登录失败次数过多，请15分钟后再试' });
    // Fifteen minutes later the lock is gone.
    await h.server.database.kysely
      .updateTable('login_failure')
      .set((eb) => ({ created_at: eb('created_at', '-', 15 * 60_000 + 1000) }))
      .where('key', '=', `login:${phone}`)
      .execute();
    expect((await login({ phone, password: 'pass1234' })).status).toBe(200);
  });

  it('verifies at most LOGIN_MAX_FAILURES of many parallel wrong passwords, then stays locked', async () => {
    // The production argon2 cost: the slow, asynchronous verify is where parallel tries overlapped.
    const slow = await startHarness({ LOGIN_MAX_FAILURES: '3', ARGON2_MEMORY_KIB: '19456' });
    try {
      const phone = uniquePhone();
      await slow.register(phone, 'pass1234');
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => slow.api('/api/account/login', { phone, password: `wrong-pass-${i}` })),
      );
      const verified = answers.filter((a) => a.status === 400);
      for (const a of verified) expect(a.message).toBe('账号或密码错误');
      expect(verified).toHaveLength(3);
      for (const a of answers.filter((a) => a.status !== 400)) expect(a).toMatchObject({ status: 429, message: '登录失败次数过多，请15分钟后再试' });
      expect(await slow.api('/api/account/login', { phone, password: 'pass1234' })).toMatchObject({ status: 429 });
    } finally {
      await slow.close();
    }
  });

  it('counts parallel wrong SMS codes towards the lock the same way', async () => {
    const phone = uniquePhone();
    await h.register(phone, 'pass1234');
    const answers = await Promise.all(Array.from({ length: 30 }, () => login({ phone, code: '000000' })));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(27);
    expect(await login({ phone, password: 'pass1234' })).toMatchObject({ status: 429 });
  });

  it('clears the failure count after a success', async () => {
    const phone = uniquePhone();
    await h.register(phone, 'pass1234');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) await login({ phone, password: 'wrong-pass' });
      expect((await login({ phone, password: 'pass1234' })).status).toBe(200);
    }
  });

  it('refuses disabled accounts and ends their sessions', async () => {
    const phone = uniquePhone();
    const token = await h.register(phone, 'pass1234');
    await h.server.database.kysely.updateTable('account').set({ disabled: 1 }).where('phone', '=', phone).execute();
    expect(await login({ phone, password: 'pass1234' })).toMatchObject({ status: 403, message: '账号已被禁用' });
    expect((await h.api('/api/account/info', {}, token)).status).toBe(401);
  });
});

describe('SMS code login', () => {
  it('logs in with a code, once', async () => {
    const phone = uniquePhone();
    await h.register(phone);
    const code = await (async () => {
      await h.server.database.kysely.updateTable('sms_code').set({ created_at: 0 }).where('phone', '=', phone).execute();
      return h.sendCode(phone);
    })();
    const r = await login({ phone, code });
    expect(r.status).toBe(200);
    expect((await h.api('/api/account/info', {}, r.data.token)).data.phone).toBe(phone);
    expect(await login({ phone, code })).toMatchObject({ status: 400, message: '验证码错误或已过期' });
  });

  it('validates with the spec messages', async () => {
    expect(await login({ phone: '', code: '123456' })).toMatchObject({ status: 400, message: '手机号不能为空' });
    expect(await login({ phone: uniquePhone(), code: '' })).toMatchObject({ status: 400, message: '验证码不能为空' });
    expect(await login({ phone: '123', code: '123456' })).toMatchObject({ status: 400, message: '手机号格式错误' });
    expect(await login({ phone: uniquePhone(), code: '123456' })).toMatchObject({ status: 400, message: '该手机号未注册' });
  });

  it('counts wrong codes towards the lock', async () => {
    const phone = uniquePhone();
    await h.register(phone);
    for (let i = 0; i < 3; i++) expect((await login({ phone, code: '000000' })).status).toBe(400);
    expect(await login({ phone, code: '000000' })).toMatchObject({ status: 429 });
  });
});

describe('login mode', () => {
  it('follows the field filled in when a form sends both', async () => {
    const phone = uniquePhone();
    await h.register(phone, 'pass1234');
    expect((await login({ phone, password: 'pass1234', code: '' })).status).toBe(200);
    expect(await login({ phone, password: '', code: '000000' })).toMatchObject({ status: 400, message: '验证码错误或已过期' });
    expect(await login({ phone })).toMatchObject({ status: 400, message: '验证码不能为空' });
    expect(await login({ phone: '', password: '', code: '' })).toMatchObject({ status: 400, message: '账号不能为空' });
  });
});

describe('debug login', () => {
  it('answers 404 when DEBUG_LOGIN_CODE is not set', async () => {
    const r = await h.api('/api/account/login/debug', { id: 1, code: 'anything' });
    expect(r).toMatchObject({ status: 404, message: '接口不存在' });
  });

  it('logs in as any account with the right code, counts wrong codes and locks after LOGIN_MAX_FAILURES', async () => {
    const CODE = 'let-me-in-0123456789-0123456789-0123456789';
    const d = await startHarness({ DEBUG_LOGIN_CODE: CODE, LOGIN_MAX_FAILURES: '3' });
    try {
      const phone = uniquePhone();
      const token = await d.register(phone);
      const { data: me } = await d.api('/api/account/info', {}, token);
      const r = await d.api('/api/account/login/debug', { id: me.id, code: CODE });
      expect(r.status).toBe(200);
      expect((await d.api('/api/account/info', {}, r.data.token)).data.id).toBe(me.id);
      expect(await d.api('/api/account/login/debug', { id: 999999, code: CODE })).toMatchObject({ status: 400, message: '账号不存在' });
      expect(await d.api('/api/account/login/debug', { id: '1', code: CODE })).toMatchObject({ status: 400, message: '参数错误：id 应为整数' });
      // wrong codes count whatever account they name; after three the right code is refused too
      expect(await d.api('/api/account/login/debug', { id: me.id, code: CODE.slice(0, -1) })).toMatchObject({ status: 403, message: '调试登录码错误' });
      expect(await d.api('/api/account/login/debug', { id: me.id + 1, code: 'x' })).toMatchObject({ status: 403, message: '调试登录码错误' });
      expect(await d.api('/api/account/login/debug', { id: me.id + 2, code: '' })).toMatchObject({ status: 403, message: '调试登录码错误' });
      expect(await d.api('/api/account/login/debug', { id: me.id, code: CODE })).toMatchObject({ status: 429, message: '登录失败次数过多，请15分钟后再试' });
      // the account's own login is not locked by it
      expect((await d.api('/api/account/login', { phone, password: 'secret123' })).status).toBe(200);
    } finally {
      await d.close();
    }
  });

  it('refuses to start with a short code', async () => {
    await expect(startHarness({ DEBUG_LOGIN_CODE: 'let-me-in' })).rejects.toThrow(/DEBUG_LOGIN_CODE must be at least 32 characters/);
  });
});
