// The HTTP client against a real local server (no mock adapter): envelope, errors, 401, toasts.
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError, TRANSPORT_FAILURE, http as client, httpEvents, post } from './http';
import { setToken, setWorkId } from './storage';
import { toast } from './toast';

let server: http.Server;
let base = '';
let lastHeaders: IncomingHttpHeaders = {};
/** The paths asked, in order. */
let asked: string[] = [];
let xsrfRefused = 0;

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST, GET',
        'access-control-allow-headers': 'content-type, authorization, x-work-id, x-xsrf-token',
      });
      res.end();
      return;
    }
    lastHeaders = req.headers;
    asked.push(req.url ?? '');
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      switch (req.url) {
        case '/api/echo':
          return reply(res, 200, { code: 0, message: 'ok', data: { got: JSON.parse(raw || '{}') } });
        case '/api/fail-500':
          return reply(res, 500, { code: 500, message: '服务器开小差了' });
        case '/api/bare-500':
          return reply(res, 500, 'oops');
        case '/api/unauthorized':
          return reply(res, 401, { code: 10401, message: '登录已失效，请重新登录' });
        case '/api/ok-but-failed':
          return reply(res, 200, { code: 409, message: '名称已存在' });
        case '/api/xsrf-once':
          if (xsrfRefused++ === 0) return reply(res, 403, { code: 10403, message: '请求校验失败，请刷新页面后重试' });
          return reply(res, 200, { code: 0, message: 'ok', data: 'again' });
        case '/api/xsrf-always':
          return reply(res, 403, { code: 10403, message: '请求校验失败，请刷新页面后重试' });
        case '/api/cookie/update':
          return reply(res, 200, { code: 0, message: 'ok', data: null });
        case '/api/slow':
          setTimeout(() => reply(res, 200, { code: 0, message: 'ok', data: 1 }), 400);
          return undefined;
        default:
          return reply(res, 404, { code: 404, message: '接口不存在' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client.defaults.baseURL = base;
});

afterAll(async () => {
  client.defaults.baseURL = undefined;
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => toast.destroy());

const failure = (p: Promise<unknown>) => p.then(() => expect.unreachable('should fail'), (e: unknown) => e as ApiRequestError);
const toastText = () => document.querySelector('.scrm-toast')?.textContent ?? null;

describe('post', () => {
  it('refreshes the XSRF cookie after a 10403 and sends the call once more', async () => {
    asked = [];
    await expect(post('/api/xsrf-once', { a: 1 })).resolves.toBe('again');
    expect(asked).toEqual(['/api/xsrf-once', '/api/cookie/update', '/api/xsrf-once']);
    asked = [];
    const err = await failure(post('/api/xsrf-always', {}, { silent: true }));
    expect(err).toMatchObject({ status: 403, code: 10403 });
    expect(asked).toEqual(['/api/xsrf-always', '/api/cookie/update', '/api/xsrf-always']);
  });

  it('sends JSON and resolves with the envelope data', async () => {
    await expect(post('/api/echo', { a: 1 })).resolves.toEqual({ got: { a: 1 } });
    expect(lastHeaders['content-type']).toContain('application/json');
  });

  it('sends the bearer token and the work space', async () => {
    setToken('t-123');
    setWorkId(42);
    await post('/api/echo');
    expect(lastHeaders.authorization).toBe('Bearer t-123');
    expect(lastHeaders['x-work-id']).toBe('42');
  });

  it('maps a failed answer to the server code and message, and toasts it', async () => {
    const err = await failure(post('/api/fail-500'));
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 500, code: 500, message: '服务器开小差了' });
    expect(toastText()).toBe('服务器开小差了');
    expect(document.querySelector('.scrm-toast')?.getAttribute('data-toast-type')).toBe('info');
  });

  it('falls back to the transport message when the answer has no envelope', async () => {
    const err = await failure(post('/api/bare-500'));
    expect(err).toMatchObject({ status: 500, code: 500, message: 'Request failed with status code 500' });
    expect(toastText()).toBe('Request failed with status code 500');
  });

  it('treats a 2xx envelope with a non-zero code as a failure', async () => {
    const err = await failure(post('/api/ok-but-failed', {}, { silent: true }));
    expect(err).toMatchObject({ status: 200, code: 409, message: '名称已存在' });
  });

  it('rejects a 2xx envelope with a non-zero code at the transport too (an upload reads the answer itself)', async () => {
    await expect(client.post('/api/ok-but-failed', {})).rejects.toMatchObject({ status: 200, code: 409, message: '名称已存在' });
  });

  it('reports "Network Error" when nothing answers', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(post(`http://127.0.0.1:${port}/api/echo`));
    expect(err).toMatchObject({ status: 0, code: TRANSPORT_FAILURE, message: 'Network Error' });
  });

  it('reports "Request aborted" when the call is aborted', async () => {
    const controller = new AbortController();
    const pending = post('/api/slow', {}, { signal: controller.signal, silent: true });
    controller.abort();
    expect(await failure(pending)).toMatchObject({ status: 0, code: TRANSPORT_FAILURE, message: 'Request aborted' });
  });

  it('has no timeout by default, and reports "timeout of Nms exceeded" when given one', async () => {
    expect(client.defaults.timeout).toBe(0);
    const err = await failure(post('/api/slow', {}, { timeout: 50, silent: true }));
    expect(err).toMatchObject({ status: 0, message: 'timeout of 50ms exceeded' });
  });

  it('emits unauthorized on a 401', async () => {
    const seen: ApiRequestError[] = [];
    const off = httpEvents.on('unauthorized', (e) => seen.push(e));
    await failure(post('/api/unauthorized', {}, { silent: true }));
    off();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ status: 401, code: 10401 });
  });

  it('shows no toast when the caller opts out', async () => {
    await failure(post('/api/fail-500', {}, { silent: true }));
    expect(toastText()).toBeNull();
  });
});
