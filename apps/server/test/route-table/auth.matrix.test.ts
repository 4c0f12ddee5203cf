// Generated from the route table: every route that is not public refuses a call without a token, and
// one with a token its session no longer holds (logged out), with 401 「登录已失效，请重新登录」.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { seedDistributor } from '../helpers/distributor.js';
import { call, labelOf } from './routes.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ TEST_CLOCK: 'on' });
});
afterAll(() => h?.close());

describe('auth matrix', () => {
  it('refuses every non-public route without a token and with a revoked token', async () => {
    const phone = uniquePhone();
    await h.register(phone);
    const login = await h.api<{ token: string }>('/api/account/login', { phone, password: 'secret123' });
    const revoked = login.data.token;
    expect((await h.api('/api/account/logout', undefined, revoked)).status).toBe(200);

    const routes = h.server.routeTable.filter((r) => !r.public);
    expect(routes.length).toBeGreaterThan(50);
    let cases = 0;
    const failures: string[] = [];
    for (const route of routes) {
      for (const [what, token] of [
        ['no token', undefined],
        ['revoked token', revoked],
      ] as const) {
        const r = await call(h, route, token, { 'x-work-id': '1' });
        cases++;
        if (r.status !== 401 || r.message !== '登录已失效，请重新登录') failures.push(`${labelOf(route)} (${what}): ${r.status} ${r.message}`);
      }
    }
    console.log(`auth matrix: ${routes.length} routes, ${cases} cases`);
    expect(failures).toEqual([]);
  });

  it('lets the same routes past the login check with a live token', async () => {
    // The other side of the matrix: a 401 above comes from the token, not from the route itself.
    const token = await h.register(uniquePhone());
    const distributor = await seedDistributor(h, { name: '认证矩阵分销商', customers: [] });
    const failures: string[] = [];
    for (const route of h.server.routeTable.filter((r) => !r.public && !/\/logout$/.test(r.url))) {
      const r = await call(h, route, route.distributor ? distributor.token : token);
      if (r.status === 401 || r.status >= 500) failures.push(`${labelOf(route)}: ${r.status} ${r.message}`);
    }
    expect(failures).toEqual([]);
  });

  it('keeps the two kinds of session apart: an account token on every distributor route, a distributor token on every other route, 401', async () => {
    const account = await h.register(uniquePhone());
    const distributor = await seedDistributor(h, { name: '认证矩阵分销商二', customers: [] });
    const routes = h.server.routeTable.filter((r) => !r.public);
    expect(routes.filter((r) => r.distributor).length).toBeGreaterThanOrEqual(6);
    const failures: string[] = [];
    for (const route of routes) {
      const r = await call(h, route, route.distributor ? account : distributor.token, { 'x-work-id': '1' });
      if (r.status !== 401 || r.message !== '登录已失效，请重新登录') failures.push(`${labelOf(route)}: ${r.status} ${r.message}`);
    }
    expect(failures).toEqual([]);
  });
});
