// 功能角色: a main account's roles of menu and action keys, the preset templates, and a role in use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isActionKey } from '@scrm/contracts/menu';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
let main: string;
beforeAll(async () => {
  h = await startHarness();
  main = await h.register(uniquePhone());
});
afterAll(() => h?.close());

let seq = 0;
const roleName = () => `角色${++seq}`;
const createRole = (body: Record<string, unknown>, token = main) =>
  h.api('/api/account/child/permission/create', { name: roleName(), permissionKeys: ['tag'], ...body }, token);

describe('function roles', () => {
  it('offers the preset templates 运营, 客服 and 只读', async () => {
    const r = await h.api('/api/account/child/permission/template/list', {}, main);
    expect(r.status).toBe(200);
    expect(r.data.map((t: { name: string }) => t.name)).toEqual(['运营', '客服', '只读']);
    const readOnly = r.data.find((t: { key: string }) => t.key === 'readonly');
    expect(readOnly.permissionKeys).toContain('channel-qrcode');
    expect(readOnly.permissionKeys.some((k: string) => isActionKey(k))).toBe(false);
    expect(readOnly.permissionKeys).not.toContain('subaccount');
    const operator = r.data.find((t: { key: string }) => t.key === 'operator');
    expect(operator.permissionKeys).toEqual(expect.arrayContaining(['channel-qrcode', 'channel-qrcode.manage', 'push.create']));
    // a template is a starting point: it saves as a role as it is
    for (const t of r.data) expect((await createRole({ name: `${t.name}${seq++}`, permissionKeys: t.permissionKeys })).status).toBe(200);
  });

  it('creates, reads, renames and re-keys a role; keys are stored known, in menu order, main-only ones dropped', async () => {
    const name = roleName();
    const r = await createRole({ name: ` ${name} `, permissionKeys: ['tag.manage', 'channel-qrcode', 'tag', 'subaccount', 'tag'] });
    expect(r).toMatchObject({ status: 200, data: { name, permissionKeys: ['channel-qrcode', 'tag', 'tag.manage'], childCount: 0 } });
    expect((await h.api('/api/account/child/permission/info', { id: r.data.id }, main)).data).toEqual(r.data);
    const u = await h.api('/api/account/child/permission/update', { id: r.data.id, name: '改名', permissionKeys: ['customer'] }, main);
    expect(u).toMatchObject({ status: 200, data: { id: r.data.id, name: '改名', permissionKeys: ['customer'] } });
  });

  it('validates name and keys, in Chinese', async () => {
    const taken = roleName();
    await createRole({ name: taken });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: '  ' }, 400, '请输入角色名称'],
      [{ name: 'x'.repeat(31) }, 400, '参数错误：name 长度不能超过 30'],
      [{ permissionKeys: [] }, 400, '请至少选择一项权限'],
      [{ permissionKeys: ['subaccount'] }, 400, '请至少选择一项权限'],
      [{ permissionKeys: ['tag', 'nope'] }, 400, '未知的权限：nope'],
      [{ permissionKeys: ['tag', 5] }, 400, '参数错误：permissionKeys[1] 应为字符串'],
      [{ name: taken }, 409, '角色名称已存在'],
    ];
    for (const [body, status, message] of cases) {
      const r = await createRole(body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      if (!message.startsWith('参数错误：name')) expect(r.message, JSON.stringify(body)).toBe(message);
    }
    const other = await createRole({});
    expect(await h.api('/api/account/child/permission/update', { id: other.data.id, name: taken, permissionKeys: ['tag'] }, main)).toMatchObject({ status: 409, message: '角色名称已存在' });
  });

  it("lists the caller's roles with how many children hold each, searched by name and paged", async () => {
    const owner = await h.register(uniquePhone());
    const a = await createRole({ name: '运营一组' }, owner);
    await createRole({ name: '客服组' }, owner);
    await h.api('/api/account/child/create', { account: `rk${process.pid % 1000}_${++seq}`, password: 'kidpass1', roleId: a.data.id, workSpaceIds: [] }, owner);
    const all = await h.api('/api/account/child/permission/list', { page: 1, pageSize: 10 }, owner);
    expect(all.data.total).toBe(2);
    expect(all.data.list.map((r: { name: string; childCount: number }) => [r.name, r.childCount])).toEqual([['客服组', 0], ['运营一组', 1]]);
    expect((await h.api('/api/account/child/permission/list', { name: '运营' }, owner)).data.list.map((r: { name: string }) => r.name)).toEqual(['运营一组']);
    expect((await h.api('/api/account/child/permission/list', { page: 2, pageSize: 1 }, owner)).data.list.map((r: { name: string }) => r.name)).toEqual(['运营一组']);
    expect((await h.api('/api/account/child/permission/list', {}, main)).data.list.some((r: { name: string }) => r.name === '客服组')).toBe(false);
  });

  it('refuses to delete a role in use, naming how many children hold it, until they are moved', async () => {
    const role = await createRole({});
    const spare = await createRole({});
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const c = await h.api('/api/account/child/create', { account: `rd${process.pid % 1000}_${++seq}`, password: 'kidpass1', roleId: role.data.id, workSpaceIds: [] }, main);
      ids.push(c.data.id);
    }
    expect(await h.api('/api/account/child/permission/delete', { id: role.data.id }, main)).toMatchObject({
      status: 409,
      message: '该角色正被 2 个子账号使用，请先为它们更换角色',
    });
    await h.api('/api/account/child/update', { id: ids[0], roleId: spare.data.id }, main);
    await h.api('/api/account/child/update', { id: ids[1], roleId: null }, main);
    expect(await h.api('/api/account/child/permission/delete', { id: role.data.id }, main)).toMatchObject({ status: 200 });
    expect(await h.api('/api/account/child/permission/info', { id: role.data.id }, main)).toMatchObject({ status: 404, message: '角色不存在' });
    expect(await h.api('/api/account/child/permission/delete', { id: role.data.id }, main)).toMatchObject({ status: 404 });
  });

  it("keeps another main account's roles out of reach", async () => {
    const role = await createRole({});
    const stranger = await h.register(uniquePhone());
    for (const [path, body] of [
      ['/api/account/child/permission/info', { id: role.data.id }],
      ['/api/account/child/permission/update', { id: role.data.id, name: 'x', permissionKeys: ['tag'] }],
      ['/api/account/child/permission/delete', { id: role.data.id }],
      ['/api/account/child/create', { account: `rs${process.pid % 1000}_${++seq}`, password: 'kidpass1', roleId: role.data.id, workSpaceIds: [] }],
    ] as const) {
      expect(await h.api(path, body, stranger), path).toMatchObject({ status: 404, message: '角色不存在' });
    }
  });

  it('a role deleted while a child is given it: one of them wins, the other is told in Chinese, never a 500', async () => {
    for (let i = 0; i < 8; i++) {
      const role = await createRole({});
      const account = `race${Date.now() % 100000}${i}`;
      const [del, kid] = await Promise.all([
        h.api('/api/account/child/permission/delete', { id: role.data.id }, main),
        h.api('/api/account/child/create', { account, password: 'kidpass12', roleId: role.data.id, allWorkSpaces: true, workSpaceIds: [] }, main),
      ]);
      expect([del.status, kid.status]).not.toContain(500);
      // Never both: a child left with a role that is gone.
      expect(del.status === 200 && kid.status === 200).toBe(false);
      if (kid.status !== 200) expect(kid.message).toBe('角色不存在');
      if (del.status !== 200) expect(del.message).toMatch(/^该角色正被 \d+ 个子账号使用/);
    }
  });
});
