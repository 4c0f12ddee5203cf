// The code picker (/api/qw/code/find) other pages use, e.g. the customer list's 来源活码 filter: a
// child account holding only 'customer' lists channel and staff codes by name (the code pages' own lists
// stay refused to it); search and a saved selection; no other tenant's codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../helpers/corp.js';
import { codeWorld } from '../helpers/code-world.js';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
let main: string;
let other: string;
let customerKid: string;
let tagKid: string;
let wsId: number;
let otherWsId: number;
let snap: any;

const find = (body: unknown, token = main, ws = wsId) => h.api<{ list: Array<{ id: number; name: string; kind: string }> }>('/api/qw/code/find', body, token, { 'x-work-id': String(ws) });

beforeAll(async () => {
  h = await startHarness();
  const suffix = process.pid % 1000;
  const w = await codeWorld(h, {
    seed: 'code-picker-test',
    otherSeed: 'code-picker-other',
    name: '选码',
    members: 6,
    kids: [
      { account: `cpcust${suffix}`, keys: ['customer'] },
      { account: `cptag${suffix}`, keys: ['tag'] },
    ],
  });
  ({ main, other, wsId, otherWsId, snap } = w);
  [customerKid, tagKid] = w.kids as [string, string];
}, 90_000);
afterAll(() => h?.close());

describe('code picker', () => {
  let channelId: number;
  let staffId: number;

  it('lists channel and staff codes by name to a child holding only the customer key', async () => {
    const userid = snap.members.find((m: any) => m.customer_contact).userid;
    const headers = { 'x-work-id': String(wsId) };
    const channel = await h.api('/api/qw/lxw/add', { name: '抖音投放', members: [{ userid }], distribution: 'in_order', dailyCap: 0, schedule: [], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true }, main, headers);
    expect(channel.status, channel.message).toBe(200);
    channelId = channel.data.id;
    const staff = await h.api('/api/qw/staff/code/add', { userids: [userid], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true }, main, headers);
    expect(staff.status, staff.message).toBe(200);
    staffId = staff.data.ids[0];
    await settle(h);
    // Another tenant's code of the same name is never listed.
    const otherHeaders = { 'x-work-id': String(otherWsId) };
    const otherMember = (await h.api('/api/qw/member/find', {}, other, otherHeaders)).data.list[0].userid;
    const foreign = await h.api('/api/qw/lxw/add', { name: '抖音投放', members: [{ userid: otherMember }], distribution: 'in_order', dailyCap: 0, schedule: [], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true }, other, otherHeaders);
    expect(foreign.status, foreign.message).toBe(200);
    await settle(h);

    // The code pages stay refused to this child; the picker is not.
    expect((await h.api('/api/qw/lxw/list', {}, customerKid, headers)).status).toBe(403);
    expect((await h.api('/api/qw/staff/code/list', {}, customerKid, headers)).status).toBe(403);
    const r = await find({}, customerKid);
    expect(r.status, r.message).toBe(200);
    expect(r.data.list.map((c) => [c.id, c.kind])).toEqual([
      [staffId, 'staff'],
      [channelId, 'channel'],
    ]);
    expect(Object.keys(r.data.list[0]!).sort()).toEqual(['id', 'kind', 'name']);
  });

  it('searches by name and names a saved selection', async () => {
    expect((await find({ keyword: '抖音' }, customerKid)).data.list).toEqual([{ id: channelId, name: '抖音投放', kind: 'channel' }]);
    expect((await find({ keyword: '%' }, customerKid)).data.list).toEqual([]);
    expect((await find({ ids: [channelId] }, customerKid)).data.list.map((c) => c.id)).toEqual([channelId]);
    expect((await find({ ids: [] }, customerKid)).data.list).toEqual([]);
  });

  it('refuses a child without a page that picks codes, and bad input in Chinese', async () => {
    expect((await find({}, tagKid)).status).toBe(403);
    const bad = await find({ keyword: 'x'.repeat(31) });
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await find({}, main, otherWsId)).status).toBe(404);
    expect((await find({ ids: [channelId] }, other, otherWsId)).data.list).toEqual([]);
  });
});
