// code/send and create: sending codes (cooldown, caps), registering a main account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('code/send', () => {
  it('sends a 6-digit code through the simulator and answers the cooldown', async () => {
    const phone = uniquePhone();
    const r = await h.api('/api/account/code/send', { phone });
    expect(r).toMatchObject({ status: 200, code: 0, message: 'ok', data: { cooldown: 60 } });
    const { body } = await h.simCall('GET', `/sms/outbox?phone=${phone}`);
    expect(body.list).toHaveLength(1);
    expect(body.list[0].code).toMatch(/^\d{6}$/);
    expect(body.list[0].content).toBe(`【企微SCRM】您的验证码为${body.list[0].code}，5分钟内有效，请勿泄露给他人。`);
  });

  it('validates the phone first', async () => {
    for (const [phone, message] of [
      ['', '手机号不能为空'],
      ['1380000000', '手机号格式错误'],
      ['138000000001', '手机号格式错误'],
      ['1380000000a', '手机号格式错误'],
    ]) {
      expect(await h.api('/api/account/code/send', { phone }), phone).toMatchObject({ status: 400, code: 400, message });
    }
  });

  it('refuses a second send within 60 s with the seconds left', async () => {
    const phone = uniquePhone();
    await h.sendCode(phone);
    const again = await h.api('/api/account/code/send', { phone });
    expect(again.status).toBe(429);
    expect(again.message).toMatch(/^发送过于频繁，请(60|59|58)秒后再试$/);
    const { body } = await h.simCall('GET', `/sms/outbox?phone=${phone}`);
    expect(body.list).toHaveLength(1);
  });

  it('sends one code when several requests race for the same phone', async () => {
    const phone = uniquePhone();
    const results = await Promise.all(Array.from({ length: 6 }, () => h.api('/api/account/code/send', { phone })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    const { body } = await h.simCall('GET', `/sms/outbox?phone=${phone}`);
    expect(body.list).toHaveLength(1);
  });

  it('caps sends per phone and day', async () => {
    const small = await startHarness({ SMS_PER_PHONE_PER_DAY: '2' });
    try {
      const phone = uniquePhone();
      const age = () => small.server.database.kysely.updateTable('sms_code').set((eb) => ({ created_at: eb('created_at', '-', 61_000) })).execute();
      await small.sendCode(phone);
      await age();
      await small.sendCode(phone);
      await age();
      const third = await small.api('/api/account/code/send', { phone });
      expect(third).toMatchObject({ status: 429, message: '该手机号今日获取验证码次数已达上限，请明天再试' });
    } finally {
      await small.close();
    }
  });

  it('caps sends per IP and hour', async () => {
    const small = await startHarness({ SMS_PER_IP_PER_HOUR: '2' });
    try {
      await small.sendCode(uniquePhone());
      await small.sendCode(uniquePhone());
      const third = await small.api('/api/account/code/send', { phone: uniquePhone() });
      expect(third).toMatchObject({ status: 429, message: '当前网络获取验证码过于频繁，请1小时后再试' });
    } finally {
      await small.close();
    }
  });

  it('rate-limits the public calls per IP', async () => {
    const small = await startHarness({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await small.api('/api/account/login', { phone: 'nobody', password: 'x' })).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const r = await small.api('/api/account/login', { phone: 'nobody', password: 'x' });
      expect(r).toMatchObject({ status: 429, code: 429, message: '请求过于频繁，请稍后再试' });
    } finally {
      await small.close();
    }
  });
});

describe('create', () => {
  it('registers a main account and logs it in', async () => {
    const phone = uniquePhone();
    const code = await h.sendCode(phone);
    const r = await h.api('/api/account/create', { phone, code, password: 'secret123' });
    expect(r.status).toBe(200);
    expect(r.data.token).toMatch(/^[\w-]{43}$/);
    const info = await h.api('/api/account/info', {}, r.data.token);
    expect(info.data).toEqual({
      id: expect.any(Number),
      account: phone,
      nickname: `用户${phone.slice(-4)}`,
      phone,
      isBindGzh: false,
      isChild: false,
    });
    // The code is used up.
    const again = await h.api('/api/account/create', { phone, code, password: 'secret123' });
    expect(again).toMatchObject({ status: 409, message: '该手机号已注册，请直接登录' });
  });

  it('validates every field with the spec messages', async () => {
    const phone = uniquePhone();
    const cases: Array<[Record<string, string>, string]> = [
      [{ phone: '', code: '1', password: 'secret123' }, '手机号不能为空'],
      [{ phone: '123', code: '1', password: 'secret123' }, '手机号格式错误'],
      [{ phone, code: '', password: 'secret123' }, '验证码不能为空'],
      [{ phone, code: '123456', password: '' }, '密码不能为空'],
      [{ phone, code: '123456', password: '12345' }, '密码长度为6-32位'],
      [{ phone, code: '123456', password: 'x'.repeat(33) }, '密码长度为6-32位'],
    ];
    for (const [body, message] of cases) {
      expect(await h.api('/api/account/create', body), JSON.stringify(body)).toMatchObject({ status: 400, message });
    }
    expect(await h.api('/api/account/create', { phone, code: 123456, password: 'secret123' })).toMatchObject({
      status: 400,
      message: '参数错误：code 应为字符串',
    });
    expect(await h.api('/api/account/create', { phone, code: '1' })).toMatchObject({ status: 400, message: '参数错误：缺少 password' });
  });

  it('refuses a wrong or missing code, and five wrong tries burn the code', async () => {
    const phone = uniquePhone();
    const none = await h.api('/api/account/create', { phone, code: '123456', password: 'secret123' });
    expect(none).toMatchObject({ status: 400, message: '验证码错误或已过期' });
    const code = await h.sendCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(await h.api('/api/account/create', { phone, code: wrong, password: 'secret123' })).toMatchObject({
        status: 400,
        message: '验证码错误或已过期',
      });
    }
    const right = await h.api('/api/account/create', { phone, code, password: 'secret123' });
    expect(right).toMatchObject({ status: 400, message: '验证码错误次数过多，请重新获取' });
    const count = await h.server.database.kysely.selectFrom('account').select('id').where('phone', '=', phone).execute();
    expect(count).toHaveLength(0);
  });

  it('compares at most five of fifty parallel wrong guesses, then refuses the right code too', async () => {
    const phone = uniquePhone();
    const code = await h.sendCode(phone);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => h.api('/api/account/create', { phone, code: wrong(i), password: 'secret123' })),
    );
    for (const a of answers) expect(a.status).toBe(400);
    const messages = answers.map((a) => a.message);
    const compared = messages.filter((m) => m === '验证码错误或已过期').length;
    expect(compared).toBe(5);
    expect(messages.filter((m) => m === '验证码错误次数过多，请重新获取')).toHaveLength(45);
    const right = await h.api('/api/account/create', { phone, code, password: 'secret123' });
    expect(right).toMatchObject({ status: 400, message: '验证码错误次数过多，请重新获取' });
    expect(await h.server.database.kysely.selectFrom('account').select('id').where('phone', '=', phone).execute()).toHaveLength(0);
    // A new code can be had and works.
    await h.server.database.kysely.updateTable('sms_code').set({ created_at: 0 }).where('phone', '=', phone).execute();
    const fresh = await h.sendCode(phone);
    expect((await h.api('/api/account/create', { phone, code: fresh, password: 'secret123' })).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const phone = uniquePhone();
    const code = await h.sendCode(phone);
    await h.server.database.kysely.updateTable('sms_code').set({ expires_at: Date.now() - 1 }).where('phone', '=', phone).execute();
    expect(await h.api('/api/account/create', { phone, code, password: 'secret123' })).toMatchObject({
      status: 400,
      message: '验证码错误或已过期',
    });
  });

  it('does not burn the code when the phone is taken', async () => {
    const phone = uniquePhone();
    await h.register(phone);
    const r = await h.api('/api/account/create', { phone, code: '123456', password: 'secret123' });
    expect(r).toMatchObject({ status: 409, code: 409, message: '该手机号已注册，请直接登录' });
  });
});
