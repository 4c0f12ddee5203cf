// Cross-cutting HTTP behaviour: envelope, validation, 404, 401, XSRF, health, docs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('health and docs', () => {
  it('GET /api/health reports the database', async () => {
    const res = await fetch(`${h.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      code: 0,
      message: 'ok',
      data: { status: 'ok', db: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite' },
    });
  });

  it('serves the API docs and the OpenAPI document', async () => {
    const page = await fetch(`${h.baseUrl}/api/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
    const doc = (await (await fetch(`${h.baseUrl}/api/docs/json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/account/login', '/api/account/info', '/api/qw/list']));
  });
});

describe('errors', () => {
  it('answers unknown /api routes with a JSON 404', async () => {
    const post = await h.api('/api/nothing/here', {});
    expect(post).toMatchObject({ status: 404, code: 404, message: '接口不存在' });
    const get = await fetch(`${h.baseUrl}/api/account/info`);
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({ code: 404, message: '接口不存在' });
  });

  it('answers 401/10401 without a token or with a bad one', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const r = await h.api('/api/account/info', {}, token);
      expect(r).toMatchObject({ status: 401, code: 10401, message: '登录已失效，请重新登录' });
    }
    const res = await fetch(`${h.baseUrl}/api/account/info`, { method: 'POST', headers: { authorization: 'Basic abc' } });
    expect(res.status).toBe(401);
  });

  it('names the field of a schema error in Chinese, never a 5xx', async () => {
    const cases: Array<[unknown, string]> = [
      [{ phone: 13800000000 }, '参数错误：phone 应为字符串'],
      [{}, '参数错误：缺少 phone'],
      [{ phone: 'x'.repeat(65) }, '参数错误：phone 长度不能超过64位'],
      [[1, 2], '参数错误：请求体应为 JSON 对象'],
      ['text', '参数错误：请求体应为 JSON 对象'],
      [null, '参数错误：请求体应为 JSON 对象'],
    ];
    for (const [body, message] of cases) {
      const r = await h.api('/api/account/code/send', body);
      expect(r, JSON.stringify(body)).toMatchObject({ status: 400, code: 400, message });
    }
  });

  it('rejects a missing body, broken JSON and other formats with a 4xx', async () => {
    const none = await h.api('/api/account/code/send');
    expect(none).toMatchObject({ status: 400, message: '参数错误：请求体应为 JSON 对象' });
    const broken = await fetch(`${h.baseUrl}/api/account/code/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"phone":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ code: 400, message: '参数错误：请求体不是合法的 JSON' });
    const form = await fetch(`${h.baseUrl}/api/account/code/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'phone=1',
    });
    expect(form.status).toBe(415);
    expect(((await form.json()) as { message: string }).message).toBe('不支持的请求格式，请使用 JSON');
    const poisoned = await fetch(`${h.baseUrl}/api/account/code/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"phone":"13800000000","__proto__":{"x":1}}',
    });
    expect(poisoned.status).toBe(400);
  });

  it('reports wrong types deep in a body', async () => {
    const token = await h.register(uniquePhone());
    const r = await h.api('/api/account/child/permission/create', { name: '角色', permissionKeys: ['tag', 5] }, token);
    expect(r).toMatchObject({ status: 400, message: '参数错误：permissionKeys[1] 应为字符串' });
    const page = await h.api('/api/qw/list', { page: 'one' }, token);
    expect(page).toMatchObject({ status: 400, message: '参数错误：page 应为整数' });
    const size = await h.api('/api/qw/list', { pageSize: 1000 }, token);
    expect(size).toMatchObject({ status: 400, message: '参数错误：pageSize 不能大于100' });
  });
});

describe('XSRF double submit', () => {
  it('hands out a readable XSRF-TOKEN cookie', async () => {
    const r = await h.api('/api/account/info', {});
    const cookie = r.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]+; Path=\/; SameSite=Lax$/);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('refuses a POST whose header does not repeat the cookie', async () => {
    const token = await h.register(uniquePhone());
    const cookie = { cookie: 'XSRF-TOKEN=abc123' };
    const missing = await h.api('/api/account/info', {}, token, cookie);
    expect(missing).toMatchObject({ status: 403, message: '请求校验失败，请刷新页面后重试' });
    const wrong = await h.api('/api/account/info', {}, token, { ...cookie, 'x-xsrf-token': 'other' });
    expect(wrong.status).toBe(403);
    const wrongSameLength = await h.api('/api/account/info', {}, token, { ...cookie, 'x-xsrf-token': 'abc124' });
    expect(wrongSameLength.status).toBe(403);
    const right = await h.api('/api/account/info', {}, token, { ...cookie, 'x-xsrf-token': 'abc123' });
    expect(right.status).toBe(200);
    expect(right.headers.get('set-cookie')).toBeNull();
    // Bearer clients that keep no cookies pass.
    expect((await h.api('/api/account/info', {}, token)).status).toBe(200);
  });

  it('hands no cookie to the servers that call back (WeCom, the official account, the payment provider)', async () => {
    const calls: Array<[string, string]> = [
      ['GET', '/api/wecom/suite/callback?msg_signature=x&timestamp=1&nonce=n&echostr=e'],
      ['POST', '/api/wecom/suite/callback?msg_signature=x&timestamp=1&nonce=n'],
      ['POST', '/api/gzh/callback?signature=x&timestamp=1&nonce=n'],
      ['POST', '/api/pay/notify/sim'],
    ];
    for (const [method, path] of calls) {
      const res = await fetch(`${h.baseUrl}${path}`, { method, headers: { 'content-type': method === 'POST' ? 'text/xml' : 'text/plain' }, body: method === 'POST' ? '<xml></xml>' : undefined });
      expect(res.status, path).not.toBe(404);
      expect(res.headers.get('set-cookie'), path).toBeNull();
    }
  });
});
