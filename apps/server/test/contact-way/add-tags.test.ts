// A code's auto-tags (自动打标签) on an add go on in WeCom in the customer's re-read, just before it reads:
// they wait out a WeCom outage as the re-read does (not eight attempts and 失败), a tag WeCom refuses is
// recorded on the add with WeCom's reason while the customer is still read, and a tag job queued by an
// earlier version still gets its tags on.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wecomErrorMessage } from '@scrm/wecom/errors';
import { connectCorp, contactMembers, relationRows, settle, until, type ConnectedCorp, withoutQuickBusyRetries } from '../helpers/corp.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { staffCodeFor } from '../helpers/code-world.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;
let member: string;
let tagIds: string[];

const db = () => h.server.database.kysely;
const addOf = (externalUserid: string) => db().selectFrom('contact_way_add').selectAll().where('external_userid', '=', externalUserid).executeTakeFirst();
/** The add's welcome and tags are settled (neither pending). */
const settledAdd = (externalUserid: string) =>
  until('the add settled', async () => {
    await settle(h);
    const add = await addOf(externalUserid);
    return add && add.welcome_status !== 'pending' && add.tag_status !== 'pending' && add;
  });
const ourTags = async (externalUserid: string) => (await relationRows(h, corp.wsId, 'follow_tag', externalUserid, member)).map((r) => r.tag_id).sort();
const wecomTags = async (externalUserid: string) => {
  const snap = (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body;
  const follow = snap.customers.find((c: any) => c.external_userid === externalUserid)?.follow_user.find((f: any) => f.userid === member);
  return (follow?.tags ?? []).map((t: any) => t.tag_id).sort() as string[];
};

/** A staff code for `member` tagging `tags`, and a customer scanning it; returns the customer. */
async function scanCodeWith(tags: string[]): Promise<string> {
  const { configId } = await staffCodeFor(h, token, corp, member, { tagIds: tags, welcome: '你好' });
  const scan = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId, name: '扫码李四' });
  expect(scan.status).toBe(200);
  return scan.body.externalUserid as string;
}

beforeEach(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'add-tags', size: { tags: 4 } });
  member = (await contactMembers(h, corp.corpId))[0]!.userid;
  tagIds = (await db().selectFrom('corp_tag').select('id').where('work_space_id', '=', corp.wsId).orderBy('id').execute()).map((t) => t.id);
}, 60_000);
afterEach(() => h?.close());

describe("an add's auto-tags", () => {
  it('go on after a WeCom outage far past eight attempts, and the customer is read with them', async () => {
    // Each attempt is one call to WeCom.
    const restoreRetries = withoutQuickBusyRetries(h);
    await h.simCall('POST', '/control/faults', { kind: 'busy', corpId: corp.corpId, path: 'externalcontact/mark_tag' });
    try {
      const customer = await scanCodeWith(tagIds.slice(0, 2));
      const key = `refresh:${corp.wsId}:${customer}`;
      // The welcome does not wait for the tags.
      await until('welcomed', async () => (await addOf(customer))?.welcome_status === 'sent');
      // Each time the re-read has failed and waits (its back-off growing), the wait is skipped: past eight tries.
      const markTagCalls = async () => ((await h.simCall('GET', `/control/calls?corpId=${corp.corpId}`)).body.calls['externalcontact/mark_tag'] ?? 0) as number;
      for (let tried = await markTagCalls(); tried <= 10; ) {
        const waiting = await until('the re-read failed and waits', async () => {
          const j = await db().selectFrom('job').select(['id', 'run_at']).where('singleton_key', '=', key).where('status', '=', 'queued').executeTakeFirst();
          return j && j.run_at > Date.now() && j;
        }, 60_000);
        await db().updateTable('job').set({ run_at: Date.now() }).where('id', '=', waiting.id).execute();
        h.server.services.jobs.kick();
        const before = tried;
        tried = await until('tried again', async () => {
          const n = await markTagCalls();
          return n > before && n;
        }, 60_000);
      }
      expect(await addOf(customer)).toMatchObject({ tag_status: 'pending', tag_error: null });
      // Not read meanwhile: the read comes after the tags.
      expect(await relationRows(h, corp.wsId, 'follow_relation', customer, member)).toEqual([]);

      await h.simCall('DELETE', '/control/faults');
      await db().updateTable('job').set({ run_at: Date.now() }).where('singleton_key', '=', key).where('status', '=', 'queued').execute();
      h.server.services.jobs.kick();
      expect(await settledAdd(customer)).toMatchObject({ tag_status: 'done', tag_ids: JSON.stringify(tagIds.slice(0, 2)), tag_error: null });
      expect(await wecomTags(customer)).toEqual(tagIds.slice(0, 2).sort());
      expect(await ourTags(customer)).toEqual(tagIds.slice(0, 2).sort());
    } finally {
      restoreRetries();
      await h.simCall('DELETE', '/control/faults');
    }
  }, 120_000);

  it('refused by WeCom are recorded with its reason, and the customer is still read', async () => {
    // The tag goes in WeCom by another app's hand (WeCom tells the app that made a change nothing): our copy still has it.
    const wecom = `${h.simUrl}/qyapi/cgi-bin`;
    const { access_token } = (await (await fetch(`${wecom}/gettoken?corpid=${corp.corpId}&corpsecret=${corp.secret}`)).json()) as { access_token: string };
    const del = await fetch(`${wecom}/externalcontact/del_corp_tag?access_token=${access_token}`, { method: 'POST', body: JSON.stringify({ tag_id: [tagIds[0]] }) });
    expect(((await del.json()) as { errcode: number }).errcode).toBe(0);
    await settle(h);
    expect(await db().selectFrom('corp_tag').select('id').where('id', '=', tagIds[0]!).executeTakeFirst()).toBeTruthy();

    const customer = await scanCodeWith(tagIds.slice(0, 1));
    const add = await settledAdd(customer);
    expect(add).toMatchObject({ tag_status: 'failed', welcome_status: 'sent' });
    expect(add.tag_error).toContain(wecomErrorMessage(40068));
    // Read all the same: our copy has the relation.
    expect(await relationRows(h, corp.wsId, 'follow_relation', customer, member)).toHaveLength(1);
    const detail = await h.api('/api/qw/customer/detail', { externalUserid: customer }, token, corp.headers);
    expect(detail.status, detail.message).toBe(200);
    expect(JSON.stringify(detail.data)).toContain('自动打标签失败');
  }, 60_000);

  it('given up on with the re-read are marked failed with its reason', async () => {
    const ws = await db().selectFrom('work_space').select('secret_enc').where('id', '=', corp.wsId).executeTakeFirstOrThrow();
    const { configId } = await staffCodeFor(h, token, corp, member, { tagIds: [tagIds[2]!] });
    // The work space's secret is missing (an operator is replacing it): nothing can be asked of WeCom.
    await db().updateTable('work_space').set({ secret_enc: null }).where('id', '=', corp.wsId).execute();
    try {
      const customer = (await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId, name: '无密钥' })).body.externalUserid as string;
      const add = await settledAdd(customer);
      expect(add.tag_status).toBe('failed');
      expect(add.tag_error).toBeTruthy();
      // The re-read itself is queued again a day later.
      const again = await db().selectFrom('job').select('run_at').where('singleton_key', '=', `refresh:${corp.wsId}:${customer}`).where('status', '=', 'queued').executeTakeFirstOrThrow();
      expect(again.run_at - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    } finally {
      await db().updateTable('work_space').set({ secret_enc: ws.secret_enc }).where('id', '=', corp.wsId).execute();
    }
  }, 60_000);

  it('queued as a tag job by an earlier version still go on', async () => {
    // The add event is dropped: the add is recorded by hand as an earlier version left it, with its tag job.
    const code = await staffCodeFor(h, token, corp, member, { tagIds: [tagIds[1]!] });
    await h.simCall('POST', '/control/faults', { kind: 'drop-callback', corpId: corp.corpId, count: 1 });
    const customer = (await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId: code.configId, name: '旧版本' })).body.externalUserid as string;
    const { id } = await db()
      .insertInto('contact_way_add')
      .values({
        work_space_id: corp.wsId, contact_way_id: code.id, lead_id: null, callback_event_id: null, external_userid: customer, userid: member,
        state: code.state, added_at: Date.now(), new_customer: 1, welcome_status: 'none', welcome_at: null, welcome_error: null, tag_status: 'pending',
        tag_ids: '[]', tag_error: null, deleted_by_member_at: null, deleted_by_customer_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.server.services.jobs.enqueue('mark_tag', { addId: id }, { workSpaceId: corp.wsId, idempotencyKey: `tag:${id}` });
    expect(await settledAdd(customer)).toMatchObject({ tag_status: 'done' });
    expect(await ourTags(customer)).toEqual([tagIds[1]]);
  }, 60_000);
});
