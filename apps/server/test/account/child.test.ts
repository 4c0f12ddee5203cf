// Child accounts: created by a main account, logging in by name, limited by permission keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
let main: string;
beforeAll(async () => {
  h = await startHarness();
  main = await h.register(uniquePhone());
});
afterAll(() => h?.close());

let seq = 0;
const childName = () => `kid${process.pid % 1000}_${++seq}`;
const createChild = (body: Record<string, unknown>, token = main) =>
  h.api('/api/account/child/create', { password: 'kidpass1', permissionKeys: [], ...body }, token);
const loginAs = async (account: string, password = 'kidpass1') => {
  const r = await h.api('/api/account/login', { phone: account, password });
  expect(r.status).toBe(200);
  return r.data.token as string;
};

describe('child accounts', () => {
  it('creates a child that logs in by account name and is marked as a child', async () => {
    const account = childName();
    const r = await createChild({ account, nickname: '小王', permissionKeys: ['channel-qrcode', 'tag'] });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ account, nickname: '小王', phone: '', permissionKeys: ['channel-qrcode', 'tag'] });
    const token = await loginAs(account);
    const info = await h.api('/api/account/info', {}, token);
    expect(info.data).toEqual({ id: r.data.id, account, nickname: '小王', phone: '', isBindGzh: true, isChild: true });
  });

  it('reflects its keys in permission/detail; main-only nodes stay closed', async () => {
    const account = childName();
    await createChild({ account, permissionKeys: ['channel-qrcode', 'operation', 'qw.list'] });
    const token = await loginAs(account);
    const { data } = await h.api('/api/account/permission/detail', {}, token);
    const section = (key: string) => data.find((s: { key: string }) => s.key === key);
    const openKeys = data.flatMap((s: { key: string; open: boolean; children: Array<{ key: string; open: boolean }> }) =>
      [s, ...s.children].filter((n) => n.open).map((n) => n.key),
    );
    expect(openKeys.sort()).toEqual(['channel-qrcode', 'operation', 'tag', 'tag-auto'].sort());
    expect(section('acquire')).toMatchObject({ open: false });
    expect(section('qw')).toEqual({ key: 'qw', open: false, children: [{ key: 'qw.list', open: false }, { key: 'qw.edit', open: false }] });
    // A granted main-only key is dropped when stored.
    const { data: list } = await h.api('/api/account/child/list', { page: 1, pageSize: 50 }, main);
    expect(list.list.find((c: { account: string }) => c.account === account).permissionKeys).toEqual(['channel-qrcode', 'operation']);
  });

  it('refuses main-only calls for a child with 403', async () => {
    const account = childName();
    await createChild({ account, permissionKeys: ['subaccount'] });
    const token = await loginAs(account);
    for (const [path, body] of [
      ['/api/account/child/create', { account: 'x1', password: 'kidpass1', permissionKeys: [] }],
      ['/api/account/child/list', {}],
      ['/api/account/child/delete', { id: 1 }],
      ['/api/account/bind/gzh/code', {}],
      ['/api/account/bind/gzh/code/change', { code: 'x' }],
    ] as const) {
      expect(await h.api(path, body, token), path).toMatchObject({ status: 403, code: 403, message: '子账号无权进行此操作' });
    }
  });

  it('sees the work spaces of its main account', async () => {
    const { data: me } = await h.api('/api/account/info', {}, main);
    await h.server.database.kysely
      .insertInto('work_space')
      .values({ account_id: me.id, nickname: '示例企业', access_type: 'internal', created_at: Date.now() })
      .execute();
    const account = childName();
    await createChild({ account });
    const token = await loginAs(account);
    for (const t of [main, token]) {
      expect((await h.api('/api/qw/list', { page: 0, pageSize: 100 }, t)).data).toEqual({
        list: [{ id: expect.any(Number), nickname: '示例企业', accessType: 'internal' }],
        total: 1,
      });
    }
    const stranger = await h.register(uniquePhone());
    expect((await h.api('/api/qw/list', {}, stranger)).data).toEqual({ list: [], total: 0 });
  });

  it('validates the child fields', async () => {
    const taken = childName();
    await createChild({ account: taken });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ account: '' }, 400, '账号不能为空'],
      [{ account: 'a' }, 400, '账号名长度为2-32位'],
      [{ account: childName(), password: '' }, 400, '密码不能为空'],
      [{ account: childName(), password: '123' }, 400, '密码长度为6-32位'],
      [{ account: childName(), phone: '123' }, 400, '手机号格式错误'],
      [{ account: childName(), permissionKeys: ['tag', 'nope'] }, 400, '未知的权限：nope'],
      [{ account: taken }, 409, '账号名已被使用'],
      [{ account: childName(), permissionKeys: 'tag' }, 400, '参数错误：permissionKeys 应为数组'],
    ];
    for (const [body, status, message] of cases) {
      expect(await createChild(body), JSON.stringify(body)).toMatchObject({ status, message });
    }
    const phone = uniquePhone();
    await h.register(phone);
    expect(await createChild({ account: childName(), phone })).toMatchObject({ status: 409, message: '该手机号已被使用' });
    const withPhone = await createChild({ account: childName(), phone: uniquePhone() });
    expect(withPhone.status).toBe(200);
    expect((await h.api('/api/account/login', { phone: withPhone.data.phone, password: 'kidpass1' })).status).toBe(200);
  });

  it('lists only the caller\'s children, newest first, paged', async () => {
    const other = await h.register(uniquePhone());
    const names = [childName(), childName(), childName()];
    for (const account of names) await createChild({ account }, other);
    const page1 = await h.api('/api/account/child/list', { page: 1, pageSize: 2 }, other);
    expect(page1.data.total).toBe(3);
    expect(page1.data.list.map((c: { account: string }) => c.account)).toEqual([names[2], names[1]]);
    const page2 = await h.api('/api/account/child/list', { page: 2, pageSize: 2 }, other);
    expect(page2.data.list.map((c: { account: string }) => c.account)).toEqual([names[0]]);
    expect((await h.api('/api/account/child/list', { page: 0, pageSize: 2 }, other)).data.list).toHaveLength(2);
  });

  it('deletes a child, ending its sessions; another main account\'s child is not found', async () => {
    const account = childName();
    const { data: child } = await createChild({ account });
    const token = await loginAs(account);
    const stranger = await h.register(uniquePhone());
    expect(await h.api('/api/account/child/delete', { id: child.id }, stranger)).toMatchObject({ status: 404, message: '子账号不存在' });
    expect((await h.api('/api/account/info', {}, token)).status).toBe(200);
    const { data: me } = await h.api('/api/account/info', {}, main);
    expect(await h.api('/api/account/child/delete', { id: me.id }, main)).toMatchObject({ status: 404, message: '子账号不存在' });
    expect(await h.api('/api/account/child/delete', { id: child.id }, main)).toMatchObject({ status: 200, code: 0 });
    expect(await h.api('/api/account/info', {}, token)).toMatchObject({ status: 401, code: 10401 });
    expect((await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).status).toBe(400);
    expect(await h.api('/api/account/child/delete', { id: child.id }, main)).toMatchObject({ status: 404 });
  });

  it('stops working while its main account is disabled, and comes back with it', async () => {
    const mainPhone = uniquePhone();
    const owner = await h.register(mainPhone);
    const account = childName();
    expect((await createChild({ account, permissionKeys: ['tag'] }, owner)).status).toBe(200);
    const token = await loginAs(account);
    expect((await h.api('/api/qw/list', {}, token)).status).toBe(200);
    const setDisabled = (v: number) => h.server.database.kysely.updateTable('account').set({ disabled: v }).where('phone', '=', mainPhone).execute();
    await setDisabled(1);
    for (const path of ['/api/qw/list', '/api/account/info']) {
      expect(await h.api(path, {}, token), path).toMatchObject({ status: 401, code: 10401 });
    }
    expect(await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).toMatchObject({ status: 403, message: '主账号已被禁用' });
    await setDisabled(0);
    expect((await h.api('/api/qw/list', {}, token)).status).toBe(200);
    expect((await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).status).toBe(200);
  });

  it('goes with its main account when that is deleted', async () => {
    const mainPhone = uniquePhone();
    const owner = await h.register(mainPhone);
    const account = childName();
    await createChild({ account }, owner);
    const token = await loginAs(account);
    // The child rows (and their sessions) cascade from the main account's row.
    await h.server.database.kysely.deleteFrom('account').where('phone', '=', mainPhone).execute();
    expect(await h.api('/api/account/info', {}, token)).toMatchObject({ status: 401, code: 10401 });
    expect(await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).toMatchObject({ status: 400, message: '账号或密码错误' });
  });
});
