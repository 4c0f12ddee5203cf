// The route table is complete: every route Fastify serves under /api is in it with a full declaration,
// and a route registered without one stops the app.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownKey, isMainOnlyKey } from '@scrm/contracts/menu';
import { collectRouteTable, type RouteEntry } from '../../src/http/route-table.js';
import { compileSerializers } from '../../src/http/serializers.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { unbounded } from './bounds.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ TEST_CLOCK: 'on' });
});
afterAll(() => h?.close());

/** A wildcard route shows in printRoutes under its tree node, not its full path: compare them by prefix. */
const normal = (url: string) => (url.includes('*') ? `${url.split('/').slice(0, 3).join('/')}/…*` : url.replace(/(.)\/$/, '$1'));

/** METHOD url of every route Fastify's router holds under /api (HEAD left out), read from printRoutes. */
function servedApiRoutes(printed: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const url = normal(stack.join(''));
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) {
      if (/^\/api(\/|$)/.test(url)) out.push(`${method} ${url}`);
    }
  }
  return [...new Set(out)].sort();
}

describe('route table', () => {
  it('holds every /api route Fastify serves, once', () => {
    const table = h.server.routeTable.map((r) => `${r.method} ${normal(r.url)}`);
    const served = servedApiRoutes(h.server.printRoutes({ commonPrefix: false }));
    expect(served.length).toBeGreaterThan(100);
    expect(new Set(table).size).toBe(table.length);
    expect([...table].sort()).toEqual(served);
    expect(table).toContain('POST /api/test/clock');
  });

  it('declares every route completely', () => {
    const problems: string[] = [];
    const problem = (r: RouteEntry, what: string) => problems.push(`${r.method} ${r.url}: ${what}`);
    for (const r of h.server.routeTable) {
      const rules = [r.public, r.mainOnly, r.permission !== null, r.distributor].filter(Boolean).length;
      if (rules > 1) problem(r, 'more than one access rule');
      if (r.public && r.workSpace) problem(r, 'public yet scoped to a work space');
      if (r.distributor && r.workSpace) problem(r, 'a distributor route scoped to a work space');
      for (const key of r.permission ?? []) {
        if (!isKnownKey(key)) problem(r, `unknown permission key ${key}`);
        else if (isMainOnlyKey(key)) problem(r, `permission key ${key} is main-only: declare mainOnly instead`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('bounds every field a request carries: integers within int4, strings by length, arrays by count', () => {
    // The test clock takes epoch milliseconds, held in memory only; a push's or a moment's send time is epoch ms in a bigint column.
    const epochMs = new Set([
      'POST /api/test/clock at',
      'POST /api/test/clock advanceMs',
      'POST /api/qw/push/add sendAt',
      'POST /api/qw/push/update sendAt',
      'POST /api/qw/moment/add sendAt',
      'POST /api/qw/moment/update sendAt',
    ]);
    const problems: string[] = [];
    for (const r of h.server.routeTable) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        for (const problem of unbounded(r[part])) {
          if (!epochMs.has(`${r.method} ${r.url} ${problem.split(':')[0]}`)) problems.push(`${r.method} ${r.url} ${part} ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('compiles every route’s response serializers (the app compiles each on its first answer only)', () => {
    const compile = compileSerializers(undefined, {});
    const failures: string[] = [];
    let compiled = 0;
    for (const r of h.server.routeTable) {
      for (const [httpStatus, schema] of Object.entries(r.response ?? {})) {
        try {
          compile({ method: r.method, url: r.url, httpStatus, schema });
          compiled++;
        } catch (err) {
          failures.push(`${r.method} ${r.url} ${httpStatus}: ${(err as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(compiled).toBeGreaterThan(100);
    // What the check would report: a schema fast-json-stringify cannot compile.
    expect(() => compile({ method: 'POST', url: '/x', httpStatus: '200', schema: { type: 'object', properties: { a: { $ref: '#/nowhere' } } } })).toThrow();
  });

  it('answers ids and pages past int4 with a 400 in Chinese, and the public file route with a 404', async () => {
    const token = await h.register(uniquePhone());
    for (const [path, body, field] of [
      ['/api/qw/info', { id: 2147483648 }, 'id'],
      ['/api/qw/list', { page: 2147483648, pageSize: 10 }, 'page'],
    ] as const) {
      const r = await h.api(path, body, token);
      expect(r, path).toMatchObject({ status: 400, message: `参数错误：${field} 不能大于2147483647` });
    }
    const file = await fetch(`${h.baseUrl}/api/material/file/4294967296/${'a'.repeat(32)}`);
    expect(file.status).toBe(404);
    expect(((await file.json()) as { message: string }).message).toBe('文件不存在');
    const callback = await fetch(`${h.baseUrl}/api/wecom/callback/4294967296?msg_signature=x&timestamp=1&nonce=n&echostr=e`);
    expect(callback.status).toBe(400);
  });

  it('stops the app when a route under /api has no declaration', async () => {
    const app = Fastify();
    collectRouteTable(app, []);
    const ok = async () => 'ok';
    expect(() => app.post('/api/x', ok)).toThrow(/declare exactly one access rule/);
    expect(() => app.post('/api/y', { config: { permission: 'staff' } }, ok)).toThrow(/declare workSpace: true or false/);
    expect(() => app.post('/api/z', { config: { public: true, mainOnly: true } }, ok)).toThrow(/exactly one access rule/);
    expect(() => app.post('/api/w', { config: { public: true, workSpace: true } }, ok)).toThrow(/public route cannot be scoped/);
    expect(() => app.post('/api/v', { config: { permission: [] } }, ok)).toThrow(/at least one menu key/);
    expect(() => app.post('/api/t', { config: { distributor: true, anyAccount: true, workSpace: false } }, ok)).toThrow(/exactly one access rule/);
    expect(() => app.post('/api/s', { config: { distributor: true, workSpace: true } }, ok)).toThrow(/distributor route declares workSpace: false/);
    // An answer is kept per account: never on a public or distributor route.
    expect(() => app.post('/api/r', { config: { public: true, keep: true } }, ok)).toThrow(/keep: true is for account routes/);
    expect(() => app.post('/api/q', { config: { distributor: true, workSpace: false, keep: true } }, ok)).toThrow(/keep: true is for account routes/);
    // Outside /api (the web pages) nothing is asked for.
    expect(() => app.get('/page', ok)).not.toThrow();
    expect(() => app.post('/api/u', { config: { anyAccount: true, workSpace: false } }, ok)).not.toThrow();
    await app.close();
  });
});
