// 成员分组 (/api/qw/member/group/*): create with members, rename and set members, take members out,
// delete; names unique per work space; bad input a Chinese 4xx with nothing written; another tenant's
// groups not found; children by permission; a member who leaves the corp shown as departed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, contactMembers, settle, until, type ConnectedCorp } from '../helpers/corp.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;
let members: Array<{ userid: string; name: string }>;

const api = (path: string, body?: unknown, t = token) => h.api(path, body, t, corp.headers);
const db = () => h.server.database.kysely;
const rowCounts = async () => ({
  groups: (await db().selectFrom('member_group').select('id').execute()).length,
  members: (await db().selectFrom('member_group_member').select('userid').execute()).length,
});

beforeAll(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'member-group', size: { members: 6, customers: 2 } });
  members = await contactMembers(h, corp.corpId);
}, 60_000);
afterAll(() => h?.close());

describe('成员分组', () => {
  let id: number;

  it('creates a group with members, lists it with its count and finds it by name', async () => {
    const [a, b] = [members[0]!, members[1]!];
    const r = await api('/api/qw/member/group/add', { name: ' 销售一组 ', userids: [a.userid, b.userid, a.userid] });
    expect(r.status, r.message).toBe(200);
    id = r.data.id;
    expect(r.data).toMatchObject({ name: '销售一组', count: 2 });
    expect(r.data.members).toEqual([
      expect.objectContaining({ userid: a.userid, name: a.name, departed: false }),
      expect.objectContaining({ userid: b.userid, name: b.name, departed: false }),
    ]);
    // Each member with the departments the pickers show (the channel code's member list reads them).
    const found = await api('/api/qw/member/find', { userids: [a.userid, b.userid], contactOnly: false });
    const departmentsOf = new Map(found.data.list.map((m: any) => [m.userid, m.departmentNames]));
    expect(departmentsOf.get(a.userid)).not.toEqual([]);
    expect(r.data.members.map((m: any) => m.departmentNames)).toEqual([departmentsOf.get(a.userid), departmentsOf.get(b.userid)]);
    expect((await api('/api/qw/member/group/add', { name: '空分组' })).data).toMatchObject({ count: 0, members: [] });

    const all = await api('/api/qw/member/group/find', {});
    expect(all.status, all.message).toBe(200);
    expect(all.data.list.map((g: any) => [g.name, g.count])).toEqual([['空分组', 0], ['销售一组', 2]]);
    expect((await api('/api/qw/member/group/find', { keyword: '销售' })).data.list.map((g: any) => g.id)).toEqual([id]);
    expect((await api('/api/qw/member/group/find', { keyword: '%' })).data.list).toEqual([]);
  });

  it('renames, sets members (keeping the order of those kept) and takes members out', async () => {
    const [a, b, c] = [members[0]!, members[1]!, members[2]!];
    const r = await api('/api/qw/member/group/update', { id, name: '销售A组', userids: [b.userid, c.userid] });
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ id, name: '销售A组', count: 2 });
    expect(r.data.members.map((m: any) => m.userid)).toEqual([b.userid, c.userid]);
    // Name only: the members stay.
    expect((await api('/api/qw/member/group/update', { id, name: '销售二组' })).data.members.map((m: any) => m.userid)).toEqual([b.userid, c.userid]);
    const out = await api('/api/qw/member/group/remove', { id, userids: [b.userid, a.userid] });
    expect(out.status, out.message).toBe(200);
    expect(out.data).toMatchObject({ name: '销售二组', count: 1 });
    expect(out.data.members.map((m: any) => m.userid)).toEqual([c.userid]);
  });

  it('refuses bad input with a Chinese 4xx and writes nothing', async () => {
    const before = await rowCounts();
    const cases: Array<[string, unknown, number, RegExp]> = [
      ['add', { name: '销售二组' }, 409, /分组名称已存在/],
      ['add', { name: '   ' }, 400, /请填写分组名称/],
      ['add', { name: '' }, 400, /参数错误|name/],
      ['add', { name: '长'.repeat(31) }, 400, /[\u4e00-\u9fff]/],
      ['add', { name: '幽灵组', userids: [members[0]!.userid, 'ghost'] }, 400, /成员不存在：ghost/],
      ['add', { name: '太多', userids: Array.from({ length: 1001 }, (_, i) => `u${i}`) }, 400, /[\u4e00-\u9fff]/],
      ['update', { id, name: '空分组' }, 409, /分组名称已存在/],
      ['update', { id, userids: ['ghost'] }, 400, /成员不存在/],
      ['update', { id: 2 ** 31, name: 'x' }, 400, /[\u4e00-\u9fff]/],
      ['update', { id: 999999, name: 'x' }, 404, /成员分组不存在/],
      ['delete', { id: 2 ** 40 }, 400, /[\u4e00-\u9fff]/],
      ['delete', { id: 'x' }, 400, /[\u4e00-\u9fff]/],
      ['remove', { id, userids: [] }, 400, /[\u4e00-\u9fff]/],
      ['remove', { id: 999999, userids: ['a'] }, 404, /成员分组不存在/],
      ['find', { keyword: 'x'.repeat(31) }, 400, /[\u4e00-\u9fff]/],
    ];
    for (const [verb, body, status, message] of cases) {
      const r = await api(`/api/qw/member/group/${verb}`, body);
      expect([verb, r.status], `${verb} ${JSON.stringify(body).slice(0, 80)} ${r.message}`).toEqual([verb, status]);
      expect(r.message).toMatch(message);
    }
    expect(await rowCounts()).toEqual(before);
    expect((await api('/api/qw/member/group/find', {})).data.list.find((g: any) => g.id === id).name).toBe('销售二组');
  });

  it('hides one tenant’s groups from another', async () => {
    const other = await h.register(uniquePhone());
    const otherCorp = await connectCorp(h, other, { seed: 'member-group-other' });
    const before = await rowCounts();
    // Naming someone else's work space: not found; their group through one's own work space: not found.
    expect((await h.api('/api/qw/member/group/find', {}, other, corp.headers)).status).toBe(404);
    for (const [verb, body] of [['update', { id, name: '偷改' }], ['delete', { id }], ['remove', { id, userids: [members[2]!.userid] }]] as const) {
      expect((await h.api(`/api/qw/member/group/${verb}`, body, other, otherCorp.headers)).status).toBe(404);
    }
    expect((await h.api('/api/qw/member/group/find', {}, other, otherCorp.headers)).data.list).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('lets a child with a picker page read the groups and only the staff page change them', async () => {
    const make = async (account: string, keys: string[]) => {
      const c = await h.api('/api/account/child/create', { account, password: 'kidpass1', permissionKeys: keys }, token);
      expect(c.status, c.message).toBe(200);
      return (await h.api('/api/account/login', { phone: account, password: 'kidpass1' })).data.token as string;
    };
    const coder = await make(`mgcode${process.pid % 1000}`, ['channel-qrcode']);
    const staff = await make(`mgstaff${process.pid % 1000}`, ['staff']);
    expect((await api('/api/qw/member/group/find', {}, coder)).status).toBe(200);
    expect((await api('/api/qw/member/group/add', { name: '子账号组' }, coder)).status).toBe(403);
    const r = await api('/api/qw/member/group/add', { name: '子账号组' }, staff);
    expect(r.status, r.message).toBe(200);
    expect((await api('/api/qw/member/group/delete', { id: r.data.id }, staff)).status).toBe(200);
  });

  it('shows a member who left the corp as departed, uncounted, and back when they return to a group', async () => {
    const leaver = members[members.length - 1]!;
    const stay = members[0]!;
    const g = (await api('/api/qw/member/group/add', { name: '离职测试', userids: [stay.userid, leaver.userid] })).data;
    expect(g.count).toBe(2);
    expect((await h.simCall('POST', `/control/corps/${corp.corpId}/member-leave`, { userid: leaver.userid })).status).toBe(200);
    await settle(h);
    expect((await api('/api/qw/member/sync', {})).status).toBe(200);
    await until('member gone', async () => !(await db().selectFrom('member').select('userid').where('userid', '=', leaver.userid).executeTakeFirst()));
    await until('sync done', async () => (await api('/api/qw/member/list', {})).data.sync.status !== 'running');

    const found = (await api('/api/qw/member/group/find', { keyword: '离职' })).data.list[0];
    expect(found.count).toBe(1);
    expect(found.members).toEqual([
      expect.objectContaining({ userid: stay.userid, departed: false }),
      { userid: leaver.userid, name: '', avatar: '', departmentNames: [], departed: true },
    ]);
    // Setting the members with the departed one kept is allowed (already in the group); adding them afresh is not.
    expect((await api('/api/qw/member/group/update', { id: g.id, userids: [stay.userid, leaver.userid] })).status).toBe(200);
    expect((await api('/api/qw/member/group/add', { name: '新组', userids: [leaver.userid] })).status).toBe(400);
    // Taken out like anyone else.
    expect((await api('/api/qw/member/group/remove', { id: g.id, userids: [leaver.userid] })).data.members.map((m: any) => m.userid)).toEqual([stay.userid]);
  });

  it('deletes a group and its members', async () => {
    expect((await api('/api/qw/member/group/delete', { id })).status).toBe(200);
    expect((await api('/api/qw/member/group/delete', { id })).status).toBe(404);
    expect(await db().selectFrom('member_group_member').select('userid').where('group_id', '=', id).execute()).toEqual([]);
  });
});
