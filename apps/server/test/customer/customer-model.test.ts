// The customer model under the list, the tag counts and the data centre: `follow_tag` holds exactly the
// tags of the follow relations, with each relation's add time, after a sync and after our own tagging; `customer_event` gets one row
// per add and deletion, however often WeCom's event is processed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, contactMembers, settle, until, type ConnectedCorp } from '../helpers/corp.js';
import { channelCodeBody } from '../helpers/code-world.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;

const db = () => h.server.database.kysely;
const api = (path: string, body?: unknown) => h.api(path, body, token, corp.headers);

/** follow_relation.tag_ids flattened, as "external|userid|tag|createtime" keys. */
async function tagsFromRelations(wsId: number): Promise<string[]> {
  const rows = await db().selectFrom('follow_relation').select(['external_userid', 'userid', 'tag_ids', 'createtime']).where('work_space_id', '=', wsId).execute();
  return rows.flatMap((r) => [...new Set(JSON.parse(r.tag_ids) as string[])].map((t) => `${r.external_userid}|${r.userid}|${t}|${Number(r.createtime)}`)).sort();
}
async function tagsFromFollowTag(wsId: number): Promise<string[]> {
  const rows = await db().selectFrom('follow_tag').selectAll().where('work_space_id', '=', wsId).execute();
  return rows.map((r) => `${r.external_userid}|${r.userid}|${r.tag_id}|${Number(r.createtime)}`).sort();
}
const eventsOf = (externalUserid: string) =>
  db().selectFrom('customer_event').selectAll().where('external_userid', '=', externalUserid).orderBy('id').execute();

beforeAll(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'customer-model', size: { members: 4, customers: 12, groups: 1, tags: 4 } });
}, 60_000);
afterAll(() => h?.close());

describe('follow_tag', () => {
  it('holds exactly the synced relations’ tags', async () => {
    const expected = await tagsFromRelations(corp.wsId);
    expect(expected.length).toBeGreaterThan(0);
    expect(await tagsFromFollowTag(corp.wsId)).toEqual(expected);
  });

  it('follows a tag marked through a channel code', async () => {
    const members = await contactMembers(h, corp.corpId);
    const tags = await api('/api/qw/tag/list', {});
    const tagId: string = tags.data.list[0].tags[0].id;
    const r = await api('/api/qw/lxw/add', channelCodeBody('地推', [members[0]!.userid], { tagIds: [tagId], welcome: { text: '你好', materialIds: [] } }));
    expect(r.status, r.message).toBe(200);
    const s = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: r.data.configId, name: '周先生' });
    expect(s.status).toBe(200);
    await until('tag on the relation', async () => (await tagsFromFollowTag(corp.wsId)).some((k) => k.startsWith(`${s.body.externalUserid}|${s.body.userid}|${tagId}|`)));
    await settle(h);
    expect(await tagsFromFollowTag(corp.wsId)).toEqual(await tagsFromRelations(corp.wsId));
  });
});

describe('customer_event', () => {
  it('records an add and both deletions once each, even when the events are processed again', async () => {
    const members = await contactMembers(h, corp.corpId);
    const r = await api('/api/qw/lxw/add', channelCodeBody('展会', [members[1]!.userid], { welcome: { text: '你好', materialIds: [] } }));
    expect(r.status, r.message).toBe(200);
    const s = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: r.data.configId, name: '吴女士' });
    const who = { userid: s.body.userid as string, externalUserid: s.body.externalUserid as string };
    await until('add event', async () => (await eventsOf(who.externalUserid)).length === 1);
    expect(await h.simCall('POST', `/control/corps/${corp.corpId}/customer-deletes-member`, who)).toMatchObject({ status: 200 });
    await until('delete_by_customer', async () => (await eventsOf(who.externalUserid)).some((e) => e.kind === 'delete_by_customer'));
    expect(await h.simCall('POST', `/control/corps/${corp.corpId}/delete-customer`, who)).toMatchObject({ status: 200 });
    await until('delete_by_member', async () => (await eventsOf(who.externalUserid)).some((e) => e.kind === 'delete_by_member'));
    await settle(h);

    // Every stored callback of this customer processed once more, as a retry would.
    const stored = await db().selectFrom('callback_event').selectAll().where('raw_xml', 'like', `%${who.externalUserid}%`).execute();
    expect(stored.length).toBe(3);
    for (const row of stored) await h.server.services.callbacks.process(row);

    const events = await eventsOf(who.externalUserid);
    expect(events.map((e) => e.kind)).toEqual(['add', 'delete_by_customer', 'delete_by_member']);
    expect(events.every((e) => e.userid === who.userid && e.work_space_id === corp.wsId)).toBe(true);
    expect(JSON.parse(events[0]!.detail)).toEqual({ state: expect.any(String) });
  });
});
