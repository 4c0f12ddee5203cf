// Generated from the route table: child accounts, by their role, against every route's declared access.
//   permission 'k'  — a child without a role, and one whose role holds every key but those granting k:
//                     403 「暂无权限」; a child whose role holds just k (each of a list in turn), and one whose
//                     role holds every key (manage): not 403, never 5xx; a child whose role holds every
//                     page but no action key (view-only): 403 when every key of the route is an action
//                     key (what changes), else not 403;
//   mainOnly        — a child holding every key: 403 「子账号无权进行此操作」;
//   any account     — a child holding no key: not 403, never 5xx;
//   distributor     — a child holding every key: 401 (an account session is no distributor's).
// Work-space routes get the main account's connected corp in X-Work-Id, so what is measured is the
// permission check (the auth hook, before the body is validated and before X-Work-Id is resolved).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_KEYS, childGranted, isActionKey, isMainOnlyKey } from '@scrm/contracts/menu';
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
/** Every page and section, no action key. */
const VIEW_ONLY = GRANTABLE.filter((k) => !isActionKey(k));
let seq = 0;
/** A fresh session of a new child account of `main` whose role holds `keys` (no role for none), seeing every work space. */
async function childWith(keys: readonly string[]): Promise<string> {
  const account = `pm${process.pid % 1000}_${++seq}`;
  let roleId: number | null = null;
  if (keys.length) {
    const role = await h.api('/api/account/child/permission/create', { name: `角色${seq}`, permissionKeys: keys }, main);
    expect(role.status, role.message).toBe(200);
    expect(role.data.permissionKeys).toEqual(GRANTABLE.filter((k) => keys.includes(k)));
    roleId = role.data.id;
  }
  const created = await h.api('/api/account/child/create', { account, password: 'kidpass1', roleId, allWorkSpaces: true, workSpaceIds: [] }, main);
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
      if (route.distributor) {
        // An account's session is a stranger on the distributors' portal.
        await check(route, 'child holding every key', await childOf(GRANTABLE), (s, m) => s === 401 && m === '登录已失效，请重新登录');
      } else if (route.mainOnly) {
        await check(route, 'child holding every key', await childOf(GRANTABLE), (s, m) => s === 403 && m === '子账号无权进行此操作');
      } else if (route.permission) {
        const keys = route.permission;
        const without = GRANTABLE.filter((k) => !keys.some((key) => childGranted(new Set([k]), key)));
        expect(keys.some((key) => childGranted(new Set(without), key)), labelOf(route)).toBe(false);
        const refused = (s: number, m: string) => s === 403 && m === '暂无权限';
        await check(route, 'child without a role', await childOf([]), refused);
        await check(route, `child without ${keys.join('|')}`, await childOf(without), refused);
        for (const key of keys) await check(route, `child with ${key}`, await childOf([key]), allowed);
        await check(route, 'manage (every key)', await childOf(GRANTABLE), allowed);
        const changes = keys.every((key) => isActionKey(key));
        await check(route, `view-only (${changes ? 'refused' : 'allowed'})`, await childOf(VIEW_ONLY), changes ? refused : allowed);
      } else {
        // Any logged-in account: a fresh session each time (one of these routes is logout).
        await check(route, 'child holding no key', await childWith([]), allowed);
      }
    }
    console.log(`permission matrix: ${routes.length} routes, ${cases} cases`);
    expect(failures).toEqual([]);
  });
});
