// Child accounts: created by a main account with a role and work spaces, logging in by name, limited by
// their role's keys (read on each request) and their work spaces; disabled, re-enabled, deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
let main: string;
let mainId: number;
beforeAll(async () => {
  h = await startHarness();
  main = await h.register(uniquePhone());
  mainId = (await h.api('/api/account/info', {}, main)).data.id;
});
afterAll(() => h?.close());

let seq = 0;
const childName = () => `kid${process.pid % 1000}_${++seq}`;
const roleWith = async (permissionKeys: string[], token = main): Promise<number> => {
  const r = await h.api('/api/account/child/permission/create', { name: `角色${process.pid % 1000}_${++seq}`, permissionKeys }, token);
  expect(r.status, r.message).toBe(200);
  return r.data.id;
};
const createChild = (body: Record<string, unknown>, token = main) =>
  h.api('/api/account/child/create', { password: 'kidpass1', roleId: null, allWorkSpaces: true, workSpaceIds: [], ...body }, token);
const loginAs = async (account: string, password = 'kidpass1') => {
  const r = await h.api('/api/account/login', { phone: account, password });
  expect(r.status, r.message).toBe(200);
  return r.data.token as string;
};
const addWorkSpace = async (nickname: string, owner = mainId): Promise<number> => {
  const row = await h.server.database.kysely
    .insertInto('work_space')
    .values({ account_id: owner, nickname, access_type: 'internal', created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};
const openKeys = async (token: string): Promise<string[]> => {
  const { data } = await h.api('/api/account/permission/detail', {}, token);
  return data
    .flatMap((s: { key: string; open: boolean; children: Array<{ key: string; open: boolean }> }) => [s, ...s.children])
    .filter((n: { open: boolean }) => n.open)
    .map((n: { key: string }) => n.key)
    .sort();
};

describe('child accounts', () => {
  it('creates a child that logs in by account name, is marked as a child and holds its role', async () => {
    const account = childName();
    const roleId = await roleWith(['channel-qrcode', 'tag']);
    const r = await createChild({ account, nickname: '小王', roleId });
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ account, nickname: '小王', phone: '', roleId, roleName: expect.stringContaining('角色'), allWorkSpaces: true, workSpaceIds: [], disabled: false });
    expect((await h.api('/api/account/child/info', { id: r.data.id }, main)).data).toEqual(r.data);
    const token = await loginAs(account);
    const info = await h.api('/api/account/info', {}, token);
    expect(info.data).toEqual({ id: r.data.id, account, nickname: '小王', phone: '', isBindGzh: true, isChild: true });
  });

  it("reads its role's keys on each request: a role's change applies on the next call", async () => {
    const roleId = await roleWith(['channel-qrcode', 'operation']);
    const account = childName();
    await createChild({ account, roleId });
    const token = await loginAs(account);
    expect(await openKeys(token)).toEqual(['channel-qrcode', 'channel-qrcode.detail', 'operation', 'tag', 'tag-auto', 'tag-auto.detail'].sort());
    const role = await h.api('/api/account/child/permission/info', { id: roleId }, main);
    expect(role.data).toMatchObject({ id: roleId, childCount: 1 });
    const ws = await addWorkSpace('读写企业');
    const headers = { 'X-Work-Id': String(ws) };
    // view-only on tags: reading yes, changing no
    expect((await h.api('/api/qw/tag/list', {}, token, headers)).status).toBe(200);
    expect(await h.api('/api/qw/tag/delete', {}, token, headers)).toMatchObject({ status: 403, message: '暂无权限' });
    expect(await h.api('/api/qw/customer/list', {}, token, headers)).toMatchObject({ status: 403 });
    const updated = await h.api('/api/account/child/permission/update', { id: roleId, name: role.data.name, permissionKeys: ['customer', 'tag', 'tag.manage'] }, main);
    expect(updated.status, updated.message).toBe(200);
    expect(await openKeys(token)).toEqual(['customer', 'customer.detail', 'tag', 'tag.manage'].sort());
    expect((await h.api('/api/qw/tag/delete', {}, token, headers)).status).toBe(400); // past the guard, to the body's check
    expect((await h.api('/api/qw/customer/list', {}, token, headers)).status).toBe(200);
    expect(await h.api('/api/qw/lxw/list', {}, token, headers)).toMatchObject({ status: 403 });
  });

  it('refuses main-only calls for a child with 403', async () => {
    const account = childName();
    await createChild({ account, roleId: await roleWith(['staff']) });
    const token = await loginAs(account);
    for (const [path, body] of [
      ['/api/account/child/create', { account: 'x1', password: 'kidpass1', roleId: null, workSpaceIds: [] }],
      ['/api/account/child/list', {}],
      ['/api/account/child/info', { id: 1 }],
      ['/api/account/child/update', { id: 1 }],
      ['/api/account/child/update/password', { id: 1, password: 'kidpass2' }],
      ['/api/account/child/delete', { id: 1 }],
      ['/api/account/child/permission/list', {}],
      ['/api/account/child/permission/template/list', {}],
      ['/api/account/child/permission/create', { name: 'x', permissionKeys: ['tag'] }],
      ['/api/account/bind/gzh/code', {}],
      ['/api/account/bind/gzh/code/change', { code: 'x' }],
    ] as const) {
      expect(await h.api(path, body, token), path).toMatchObject({ status: 403, code: 403, message: '子账号无权进行此操作' });
    }
  });

  it('sees only the work spaces it is given; any other X-Work-Id is 404', async () => {
    const owner = await h.register(uniquePhone());
    const ownerId = (await h.api('/api/account/info', {}, owner)).data.id;
    const [a, b] = [await addWorkSpace('甲企业', ownerId), await addWorkSpace('乙企业', ownerId)];
    const roleId = await roleWith(['tag'], owner);
    const onlyA = childName();
    const created = await createChild({ account: onlyA, roleId, allWorkSpaces: false, workSpaceIds: [a, a] }, owner);
    expect(created.data).toMatchObject({ allWorkSpaces: false, workSpaceIds: [a] });
    const all = childName();
    await createChild({ account: all, roleId }, owner);
    const [tA, tAll] = [await loginAs(onlyA), await loginAs(all)];
    expect((await h.api('/api/qw/list', { page: 0, pageSize: 100 }, tA)).data).toEqual({ list: [{ id: a, nickname: '甲企业', accessType: 'internal' }], total: 1 });
    expect((await h.api('/api/qw/list', { page: 0, pageSize: 100 }, tAll)).data.total).toBe(2);
    expect((await h.api('/api/qw/list', { page: 0, pageSize: 100 }, owner)).data.total).toBe(2);
    expect((await h.api('/api/qw/tag/list', {}, tA, { 'X-Work-Id': String(a) })).status).toBe(200);
    expect(await h.api('/api/qw/tag/list', {}, tA, { 'X-Work-Id': String(b) })).toMatchObject({ status: 404, message: '企业不存在' });
    expect(await h.api('/api/qw/get/guest', { id: b }, tA)).toMatchObject({ status: 404 });
    expect((await h.api('/api/qw/tag/list', {}, tAll, { 'X-Work-Id': String(b) })).status).toBe(200);
    // given B instead: A is refused on the next request
    expect((await h.api('/api/account/child/update', { id: created.data.id, workSpaceIds: [b] }, owner)).status).toBe(200);
    expect(await h.api('/api/qw/tag/list', {}, tA, { 'X-Work-Id': String(a) })).toMatchObject({ status: 404 });
    expect((await h.api('/api/qw/tag/list', {}, tA, { 'X-Work-Id': String(b) })).status).toBe(200);
    // another main account's work space cannot be given
    const foreign = await addWorkSpace('别人的企业');
    expect(await createChild({ account: childName(), workSpaceIds: [foreign], allWorkSpaces: false }, owner)).toMatchObject({ status: 404, message: '企业不存在' });
    expect(await h.api('/api/account/child/update', { id: created.data.id, workSpaceIds: [a, foreign] }, owner)).toMatchObject({ status: 404 });
    const stranger = await h.register(uniquePhone());
    expect((await h.api('/api/qw/list', {}, stranger)).data).toEqual({ list: [], total: 0 });
  });

  it('validates the child fields', async () => {
    const taken = childName();
    await createChild({ account: taken });
    const foreignRole = await roleWith(['tag'], await h.register(uniquePhone()));
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ account: '' }, 400, '账号不能为空'],
      [{ account: 'a' }, 400, '账号名长度为2-32位'],
      [{ account: childName(), password: '' }, 400, '密码不能为空'],
      [{ account: childName(), password: '123' }, 400, '密码长度为6-32位'],
      [{ account: childName(), phone: '123' }, 400, '手机号格式错误'],
      [{ account: childName(), roleId: foreignRole }, 404, '角色不存在'],
      [{ account: taken }, 409, '账号名已被使用'],
      [{ account: childName(), workSpaceIds: 'x' }, 400, '参数错误：workSpaceIds 应为数组'],
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

  it("lists only the caller's children, newest first, paged and searched", async () => {
    const other = await h.register(uniquePhone());
    const roleId = await roleWith(['tag'], other);
    const names = [childName(), childName(), childName()];
    for (const [i, account] of names.entries()) await createChild({ account, nickname: i === 1 ? '客服小李' : '', roleId: i === 2 ? roleId : null }, other);
    const page1 = await h.api('/api/account/child/list', { page: 1, pageSize: 2 }, other);
    expect(page1.data.total).toBe(3);
    expect(page1.data.list.map((c: { account: string }) => c.account)).toEqual([names[2], names[1]]);
    const page2 = await h.api('/api/account/child/list', { page: 2, pageSize: 2 }, other);
    expect(page2.data.list.map((c: { account: string }) => c.account)).toEqual([names[0]]);
    expect((await h.api('/api/account/child/list', { page: 0, pageSize: 2 }, other)).data.list).toHaveLength(2);
    expect((await h.api('/api/account/child/list', { keyword: '小李' }, other)).data.list.map((c: { account: string }) => c.account)).toEqual([names[1]]);
    expect((await h.api('/api/account/child/list', { keyword: names[0] }, other)).data.total).toBe(1);
    expect((await h.api('/api/account/child/list', { keyword: '%' }, other)).data.total).toBe(0);
    expect((await h.api('/api/account/child/list', { roleId }, other)).data.list.map((c: { account: string }) => c.account)).toEqual([names[2]]);
  });

  it('updates the profile, and refuses a name or phone in use', async () => {
    const taken = childName();
    await createChild({ account: taken });
    const { data: child } = await createChild({ account: childName() });
    const account = childName();
    const phone = uniquePhone();
    const r = await h.api('/api/account/child/update', { id: child.id, account, nickname: '新昵称', phone }, main);
    expect(r).toMatchObject({ status: 200, data: { id: child.id, account, nickname: '新昵称', phone } });
    expect(await h.api('/api/account/child/update', { id: child.id, account: taken }, main)).toMatchObject({ status: 409, message: '账号名已被使用' });
    expect(await h.api('/api/account/child/update', { id: child.id, roleId: 999999 }, main)).toMatchObject({ status: 404, message: '角色不存在' });
    const stranger = await h.register(uniquePhone());
    expect(await h.api('/api/account/child/update', { id: child.id, nickname: 'x' }, stranger)).toMatchObject({ status: 404, message: '子账号不存在' });
    expect(await h.api('/api/account/child/info', { id: child.id }, stranger)).toMatchObject({ status: 404, message: '子账号不存在' });
    await loginAs(account);
    await loginAs(phone);
  });

  it('disables a child: its sessions end at once and it cannot log in until re-enabled', async () => {
    const account = childName();
    const { data: child } = await createChild({ account });
    const token = await loginAs(account);
    const off = await h.api('/api/account/child/update', { id: child.id, disabled: true }, main);
    expect(off).toMatchObject({ status: 200, data: { disabled: true } });
    expect(await h.api('/api/account/info', {}, token)).toMatchObject({ status: 401, code: 10401 });
    expect(await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).toMatchObject({ status: 403, message: '账号已被禁用' });
    expect((await h.api('/api/account/child/update', { id: child.id, disabled: false }, main)).data.disabled).toBe(false);
    expect(await h.api('/api/account/info', {}, token)).toMatchObject({ status: 401 }); // the old session stays ended
    await loginAs(account);
  });

  it('resets the password: the old one and its sessions no longer work', async () => {
    const account = childName();
    const { data: child } = await createChild({ account });
    const token = await loginAs(account);
    expect(await h.api('/api/account/child/update/password', { id: child.id, password: '123' }, main)).toMatchObject({ status: 400, message: '密码长度为6-32位' });
    expect(await h.api('/api/account/child/update/password', { id: child.id, password: 'newpass9' }, main)).toMatchObject({ status: 200 });
    expect(await h.api('/api/account/info', {}, token)).toMatchObject({ status: 401 });
    expect((await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).status).toBe(400);
    await loginAs(account, 'newpass9');
    const stranger = await h.register(uniquePhone());
    expect(await h.api('/api/account/child/update/password', { id: child.id, password: 'newpass9' }, stranger)).toMatchObject({ status: 404 });
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
    expect((await createChild({ account, roleId: await roleWith(['tag'], owner) }, owner)).status).toBe(200);
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
