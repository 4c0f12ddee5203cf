// The route guards of the auth hook, on a bare Fastify app with a stand-in session lookup.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuthHook } from '../../src/auth/auth.hook.js';
import type { AuthContext, SessionService } from '../../src/auth/session.service.js';
import { childHas, permissionDetail } from '../../src/auth/permission.js';
import { errorHandler, Errors } from '../../src/http/errors.js';

const base: AuthContext = {
  accountId: 1,
  parentId: null,
  isChild: false,
  account: 'boss',
  phone: '',
  nickname: '',
  gzhOpenid: null,
  permissionKeys: [],
  workSpaceIds: null,
  tokenHash: 'h',
};
const callers: Record<string, AuthContext> = {
  main: base,
  child: { ...base, accountId: 2, parentId: 1, isChild: true, permissionKeys: ['acquire', 'tag'] },
  manager: { ...base, accountId: 3, parentId: 1, isChild: true, permissionKeys: ['channel-qrcode', 'channel-qrcode.manage'] },
};
const sessions = {
  authenticate: async (token: string) => {
    const c = callers[token];
    if (!c) throw Errors.notLoggedIn();
    return c;
  },
} as unknown as SessionService;

const distributors = {
  authenticate: async (token: string) => {
    if (token !== 'distributor') throw Errors.notLoggedIn();
    return { distributorId: 7, tokenHash: 'h' };
  },
};

const app = Fastify();
beforeAll(async () => {
  app.setErrorHandler(errorHandler);
  app.decorateRequest('auth', null);
  app.decorateRequest('distributor', null);
  registerAuthHook(app as never, sessions, distributors);
  app.get('/portal', { config: { distributor: true } }, async (req) => req.distributor?.distributorId);
  app.get('/open', { config: { public: true } }, async () => 'open');
  app.get('/any', async (req) => req.auth?.accountId);
  app.get('/main', { config: { mainOnly: true } }, async () => 'main');
  app.get('/tag', { config: { permission: 'tag' } }, async () => 'tag');
  app.get('/channel', { config: { permission: 'channel-qrcode' } }, async () => 'channel');
  app.get('/channel-manage', { config: { permission: 'channel-qrcode.manage' } }, async () => 'channel-manage');
  app.get('/customer', { config: { permission: 'customer' } }, async () => 'customer');
  app.get('/qw', { config: { permission: 'qw.list' } }, async () => 'qw');
  await app.ready();
});
afterAll(() => app.close());

const call = async (url: string, token?: string) => {
  const res = await app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return [res.statusCode, res.statusCode === 200 ? res.body : res.json().message];
};

describe('auth hook guards', () => {
  it('lets public routes through and asks for a token elsewhere', async () => {
    expect(await call('/open')).toEqual([200, 'open']);
    expect(await call('/any')).toEqual([401, '登录已失效，请重新登录']);
    expect(await call('/any', 'bogus')).toEqual([401, '登录已失效，请重新登录']);
    expect(await call('/any', 'child')).toEqual([200, '2']);
  });

  it('applies mainOnly and permission to child accounts only', async () => {
    for (const url of ['/main', '/tag', '/channel', '/channel-manage', '/customer', '/qw']) expect((await call(url, 'main'))[0]).toBe(200);
    expect(await call('/main', 'child')).toEqual([403, '子账号无权进行此操作']);
    expect(await call('/tag', 'child')).toEqual([200, 'tag']);
    expect(await call('/channel', 'child')).toEqual([200, 'channel']); // granted through 'acquire'
    expect(await call('/channel-manage', 'child')).toEqual([403, '暂无权限']); // a section does not cover an action key
    expect(await call('/channel-manage', 'manager')).toEqual([200, 'channel-manage']);
    expect(await call('/customer', 'child')).toEqual([403, '暂无权限']);
    expect(await call('/qw', 'child')).toEqual([403, '暂无权限']);
  });

  it('keeps distributor sessions and account sessions apart', async () => {
    expect(await call('/portal', 'distributor')).toEqual([200, '7']);
    expect(await call('/portal')).toEqual([401, '登录已失效，请重新登录']);
    expect(await call('/portal', 'main')).toEqual([401, '登录已失效，请重新登录']);
    expect(await call('/any', 'distributor')).toEqual([401, '登录已失效，请重新登录']);
  });
});

describe('permissions', () => {
  it('grants a key with everything below it but action keys, never main-only nodes', () => {
    expect(childHas(['channel-qrcode'], 'channel-qrcode.detail')).toBe(true);
    expect(childHas(['channel-qrcode'], 'channel-qrcode.manage')).toBe(false);
    expect(childHas(['channel-qrcode'], 'channel-qrcode.create')).toBe(false);
    expect(childHas(['channel-qrcode.manage'], 'channel-qrcode.create')).toBe(true);
    expect(childHas(['marketing'], 'push.create')).toBe(false);
    expect(childHas(['staff'], 'staff.group')).toBe(false);
    expect(childHas(['subaccount'], 'subaccount')).toBe(false);
    expect(childHas(['channel-qrcode.detail'], 'channel-qrcode')).toBe(false);
    expect(childHas(['qw'], 'qw.list')).toBe(false);
    expect(childHas(['qw.list'], 'qw.list')).toBe(false);
    expect(childHas(['tag'], 'unknown-key')).toBe(false);
  });

  it('builds one entry per section with every node below it', () => {
    const detail = permissionDetail(true, ['staff']);
    const enterprise = detail.find((s) => s.key === 'enterprise')!;
    expect(enterprise).toEqual({
      key: 'enterprise',
      open: false,
      children: [
        { key: 'staff', open: true },
        { key: 'staff.group', open: false },
        { key: 'subaccount', open: false },
        { key: 'subaccount.edit', open: false },
        { key: 'role', open: false },
      ],
    });
  });
});
