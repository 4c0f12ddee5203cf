// Corp tags: WeCom's rules on add/edit/del_corp_tag (names, duplicates, unknown ids, the empty group),
// no callback for the app's own API edits, and an admin's console edits (create, rename, reorder,
// delete) each pushing change_external_tag.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { field, type Sim, sleep, startReceiver, startSim } from './helpers.js';

let s: Sim;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let corpId: string;
let token: string;
const TOKEN = 'tagToken12';
const KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const api = (path: string, body?: unknown) => s.api(`${path}?access_token=${token}`, body);
const edit = (body: unknown) => s.call('POST', `/control/corps/${corpId}/tag-edit`, body);
const groups = async () => (await api('externalcontact/get_corp_tag_list', {})).tag_group as Array<{ group_id: string; group_name: string; order: number; tag: Array<{ id: string; name: string; order: number }> }>;
const tagEvents = () => rx.events.filter((e) => field(e.xml, 'Event') === 'change_external_tag');

beforeAll(async () => {
  s = await startSim();
  const corp = (await s.call('POST', '/control/corps', { seed: 'corp-tags', size: { members: 4, customers: 10, groups: 0, tags: 2 } })).body;
  corpId = corp.corpId;
  token = (await s.api(`gettoken?corpid=${corpId}&corpsecret=${corp.secret}`)).access_token;
  rx = await startReceiver({ token: TOKEN, encodingAesKey: KEY, receiveId: corpId });
  expect((await s.call('POST', `/control/corps/${corpId}/callback`, { url: rx.url, token: TOKEN, encodingAesKey: KEY })).body.verified).toBe(true);
});
afterAll(async () => {
  await s?.sim.close();
  await rx?.close();
});
beforeEach(async () => {
  await s.sim.sim.wecom.deliveries.idle();
  rx.events.length = 0;
});

describe('the API (our own app: no callback)', () => {
  it('adds, edits and deletes under WeCom’s rules', async () => {
    const added = await api('externalcontact/add_corp_tag', { group_name: '来源', order: 3, tag: [{ name: '官网' }, { name: '展会', order: 2 }] });
    expect(added.errcode).toBe(0);
    const g = added.tag_group;
    expect(g).toMatchObject({ group_name: '来源', order: 3 });
    expect(g.tag.map((t: { name: string }) => t.name)).toEqual(['官网', '展会']);

    // duplicates: in the request, in the group, on rename; a group name taken by another group
    expect((await api('externalcontact/add_corp_tag', { group_id: g.group_id, tag: [{ name: '官网' }] })).errcode).toBe(40071);
    expect((await api('externalcontact/add_corp_tag', { group_name: '新组', tag: [{ name: '甲' }, { name: '甲' }] })).errcode).toBe(40071);
    expect((await groups()).some((x) => x.group_name === '新组')).toBe(false);
    expect((await api('externalcontact/edit_corp_tag', { id: g.tag[0].id, name: '展会' })).errcode).toBe(40071);
    const other = (await groups()).find((x) => x.group_id !== g.group_id)!;
    expect((await api('externalcontact/edit_corp_tag', { id: g.group_id, name: other.group_name })).errcode).toBe(40071);
    // names of 1–30 characters; unknown ids
    expect((await api('externalcontact/add_corp_tag', { group_name: '名'.repeat(31), tag: [{ name: 'a' }] })).errcode).toBe(40058);
    expect((await api('externalcontact/add_corp_tag', { group_id: g.group_id, tag: [{ name: '长'.repeat(31) }] })).errcode).toBe(40058);
    expect((await api('externalcontact/edit_corp_tag', { id: 'etNOPE', name: 'x' })).errcode).toBe(40068);
    expect((await api('externalcontact/del_corp_tag', { tag_id: ['etNOPE'] })).errcode).toBe(40068);
    expect((await api('externalcontact/add_corp_tag', { group_id: 'etNOPE', tag: [{ name: 'x' }] })).errcode).toBe(40068);

    expect((await api('externalcontact/edit_corp_tag', { id: g.tag[1].id, name: '展会邀约', order: 7 })).errcode).toBe(0);
    expect((await groups()).find((x) => x.group_id === g.group_id)!.tag.find((t) => t.id === g.tag[1].id)).toMatchObject({ name: '展会邀约', order: 7 });

    // the last tag takes its group
    expect((await api('externalcontact/del_corp_tag', { tag_id: [g.tag[0].id] })).errcode).toBe(0);
    expect((await groups()).some((x) => x.group_id === g.group_id)).toBe(true);
    expect((await api('externalcontact/del_corp_tag', { tag_id: [g.tag[1].id] })).errcode).toBe(0);
    expect((await groups()).some((x) => x.group_id === g.group_id)).toBe(false);

    await s.sim.sim.wecom.deliveries.idle();
    await sleep(50);
    expect(tagEvents()).toEqual([]);
  });
});

describe('an admin in WeCom’s console (change_external_tag)', () => {
  it('pushes create, update, shuffle and delete with Id and TagType', async () => {
    const created = await edit({ action: 'create', groupName: '兴趣', names: ['健身', '美食'] });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ tagType: 'tag_group' });
    const groupId = created.body.id as string;
    const [ev] = await rx.waitFor(1);
    expect([field(ev!.xml, 'ChangeType'), field(ev!.xml, 'Id'), field(ev!.xml, 'TagType')]).toEqual(['create', groupId, 'tag_group']);
    const g = (await groups()).find((x) => x.group_id === groupId)!;
    expect(g.tag.map((t) => t.name).sort()).toEqual(['健身', '美食']);

    rx.events.length = 0;
    expect((await edit({ action: 'update', id: g.tag[0]!.id, name: '健身房' })).status).toBe(200);
    expect((await edit({ action: 'update', id: groupId, order: 99 })).status).toBe(200);
    expect((await edit({ action: 'shuffle', groupId, ids: [g.tag[1]!.id, g.tag[0]!.id] })).status).toBe(200);
    const events = await rx.waitFor(3);
    expect(events.map((e) => [field(e.xml, 'ChangeType'), field(e.xml, 'Id'), field(e.xml, 'TagType') ?? ''])).toEqual([
      ['update', g.tag[0]!.id, 'tag'],
      ['update', groupId, 'tag_group'],
      ['shuffle', groupId, ''],
    ]);
    const after = (await groups()).find((x) => x.group_id === groupId)!;
    expect(after.order).toBe(99);
    expect(after.tag.find((t) => t.id === g.tag[1]!.id)!.order).toBeGreaterThan(after.tag.find((t) => t.id === g.tag[0]!.id)!.order);

    // refusals as 4xx in Chinese, nothing pushed
    rx.events.length = 0;
    const dup = await edit({ action: 'create', groupId, name: '美食' });
    expect([dup.status, dup.body.errcode]).toEqual([400, 40071]);
    expect((await edit({ action: 'update', id: 'etNOPE', name: 'x' })).status).toBe(404);
    expect((await edit({ action: 'shuffle', groupId, ids: [g.tag[0]!.id] })).status).toBe(400);
    expect((await edit({ action: 'update', id: groupId, name: '超'.repeat(31) })).status).toBe(400);

    expect((await edit({ action: 'delete', id: groupId })).status).toBe(200);
    const [del] = await rx.waitFor(1);
    expect([field(del!.xml, 'ChangeType'), field(del!.xml, 'Id'), field(del!.xml, 'TagType')]).toEqual(['delete', groupId, 'tag_group']);
    expect((await groups()).some((x) => x.group_id === groupId)).toBe(false);
  });

  it('reorders the groups themselves (shuffle without an Id)', async () => {
    const ids = (await groups()).map((g) => g.group_id).reverse();
    expect((await edit({ action: 'shuffle', ids })).status).toBe(200);
    const [ev] = await rx.waitFor(1);
    expect(field(ev!.xml, 'ChangeType')).toBe('shuffle');
    expect(field(ev!.xml, 'Id') ?? '').toBe('');
    const sorted = (await groups()).slice().sort((a, b) => b.order - a.order).map((g) => g.group_id);
    expect(sorted).toEqual(ids);
  });
});
