// Generated from the route table: child accounts against every route's declared access.
//   permission 'k'  — a child holding every key but those granting k: 403 「暂无权限」; a child holding
//                     just k (each of a list in turn): not 403, never 5xx;
//   mainOnly        — a child holding every key: 403 「子账号无权进行此操作」;
//   any account     — a child holding no key: not 403, never 5xx.
// Work-space routes get the main account's connected corp in X-Work-Id, so what is measured is the
// permission check (the auth hook, before the body is validated and before X-Work-Id is resolved).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_KEYS, childGranted, isMainOnlyKey } from '@scrm/contracts/menu';
import type { RouteEntry } from '../../src/http/route-table.js';
import { connectCorp, type ConnectedCorp } from '../helpers/corp.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { call, labelOf } from './routes.js';

let h: Harness;
let main: string;
let corp: ConnectedCorp;
beforeAll(async () => {
  h = await startHarness({ TEST_CLOCK: 'on' });
  main = await h.register(uniquePhone());
  corp = await connectCorp(h, main, { seed: 'permission-matrix', size: { departments: 2, members: 3, customers: 3, groups: 1, tags: 2 } });
}, 60_000);
afterAll(() => h?.close());

const GRANTABLE = ALL_PERMISSION_KEYS.filter((k) => !isMainOnlyKey(k));
let seq = 0;
/** A fresh session of a new child account of `main` holding `keys`. */
async function childWith(keys: readonly string[]): Promise<string> {
  const account = `pm${process.pid % 1000}_${++seq}`;
  const created = await h.api('/api/account/child/create', { account, password: 'kidpass1', permissionKeys: keys }, main);
  expect(created.status, created.message).toBe(200);
  const login = await h.api<{ token: string }>('/api/account/login', { phone: account, password: 'kidpass1' });
  expect(login.status).toBe(200);
  return login.data.token;
}
const children = new Map<string, Promise<string>>();
const childOf = (keys: readonly string[]) => {
  const id = [...keys].sort().join(',');
  if (!children.has(id)) children.set(id, childWith(keys));
  return children.get(id)!;
};

describe('child permission matrix', () => {
  it('guards every route as its declaration says', { timeout: 120_000 }, async () => {
    const routes = h.server.routeTable.filter((r) => !r.public);
    const headersOf = (r: RouteEntry) => (r.workSpace ? corp.headers : {});
    const failures: string[] = [];
    let cases = 0;
    const check = async (route: RouteEntry, what: string, token: string, expectation: (s: number, m: string) => boolean) => {
      const r = await call(h, route, token, headersOf(route));
      cases++;
      if (!expectation(r.status, r.message)) failures.push(`${labelOf(route)} — ${what}: ${r.status} ${r.message}`);
    };
    const allowed = (s: number) => s !== 403 && s !== 401 && s < 500;

    for (const route of routes) {
      if (route.mainOnly) {
        await check(route, 'child holding every key', await childOf(GRANTABLE), (s, m) => s === 403 && m === '子账号无权进行此操作');
      } else if (route.permission) {
        const keys = route.permission;
        const without = GRANTABLE.filter((k) => !keys.some((key) => childGranted(new Set([k]), key)));
        expect(keys.some((key) => childGranted(new Set(without), key)), labelOf(route)).toBe(false);
        await check(route, `child without ${keys.join('|')}`, await childOf(without), (s, m) => s === 403 && m === '暂无权限');
        for (const key of keys) await check(route, `child with ${key}`, await childOf([key]), allowed);
      } else {
        // Any logged-in account: a fresh session each time (one of these routes is logout).
        await check(route, 'child holding no key', await childWith([]), allowed);
      }
    }
    console.log(`permission matrix: ${routes.length} routes, ${cases} cases`);
    expect(failures).toEqual([]);
  });
});
