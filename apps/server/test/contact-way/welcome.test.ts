// An add's welcome message goes out from the add's own job, at once; one WeCom cannot take yet is left to a
// `welcome` job that tries again while WeCom's 20 s last, and a run of the add's job after its process
// stopped gets a welcome it had not sent out through that job — once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectCorp, contactMembers, settle, until, type ConnectedCorp, withoutQuickBusyRetries } from '../helpers/corp.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { staffCodeFor } from '../helpers/code-world.js';
import type { AttributionService } from '../../src/contact-way/attribution/attribution.service.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;
let member: string;
let codeId: number;
let configId: string;

const db = () => h.server.database.kysely;
const addOf = (externalUserid: string) => db().selectFrom('contact_way_add').selectAll().where('external_userid', '=', externalUserid).executeTakeFirst();
const welcomesTo = async (externalUserid: string) =>
  (await h.simCall('GET', `/control/corps/${corp.corpId}/welcome-messages?externalUserid=${externalUserid}`)).body.list as Array<{ text: string }>;
const welcomeJobs = (addId: number) => db().selectFrom('job').select(['status', 'attempts']).where('idempotency_key', '=', `welcome:${addId}`).execute();

beforeEach(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'welcome' });
  member = (await contactMembers(h, corp.corpId))[0]!.userid;
  ({ id: codeId, configId } = await staffCodeFor(h, token, corp, member, { welcome: '你好，欢迎' }));
}, 60_000);
afterEach(() => h?.close());

describe("an add's welcome message", () => {
  it('goes out from the add’s job with no job of its own', async () => {
    const scan = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId, name: '欢迎张三' });
    const customer = scan.body.externalUserid as string;
    const add = await until('welcomed', async () => {
      const a = await addOf(customer);
      return a?.welcome_status === 'sent' && a;
    });
    expect(await welcomesTo(customer)).toEqual([expect.objectContaining({ text: '你好，欢迎' })]);
    expect(await welcomeJobs(add.id)).toEqual([]);
  });

  it('WeCom cannot take yet is sent by its job while the 20 s last, once', async () => {
    // Each attempt is one call to WeCom.
    const restoreRetries = withoutQuickBusyRetries(h);
    await h.simCall('POST', '/control/faults', { kind: 'busy', corpId: corp.corpId, path: 'externalcontact/send_welcome_msg', count: 2 });
    try {
      const scan = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId, name: '欢迎李四' });
      const customer = scan.body.externalUserid as string;
      const add = await until('welcomed', async () => {
        const a = await addOf(customer);
        return a?.welcome_status === 'sent' && a;
      }, 15_000);
      expect(add.welcome_error).toBeNull();
      expect(await welcomesTo(customer)).toHaveLength(1);
      // Tried at once by the add's job, then twice by its own: busy, then sent.
      expect(await welcomeJobs(add.id)).toEqual([{ status: 'done', attempts: 2 }]);
    } finally {
      restoreRetries();
      await h.simCall('DELETE', '/control/faults');
    }
  });

  it("is sent by a later run of the add's job when the run that recorded it stopped first, once", async () => {
    // The add event is lost on the way (WeCom gives the welcome code all the same); a run that recorded the
    // add and stopped before sending is what the table holds.
    await h.simCall('POST', '/control/faults', { kind: 'drop-callback', corpId: corp.corpId, count: 1 });
    const scan = await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId, name: '欢迎王五' });
    const { externalUserid, welcomeCode } = scan.body as { externalUserid: string; welcomeCode: string };
    const { state } = await db().selectFrom('contact_way').select('state').where('id', '=', codeId).executeTakeFirstOrThrow();
    const eventId = 990_001;
    const receivedAt = h.server.services.clock.now();
    await db()
      .insertInto('contact_way_add')
      .values({
        work_space_id: corp.wsId, contact_way_id: codeId, lead_id: null, callback_event_id: eventId, external_userid: externalUserid, userid: member,
        state, added_at: receivedAt, new_customer: 1, welcome_status: 'pending', welcome_at: null, welcome_error: null, tag_status: 'none',
        tag_ids: '[]', tag_error: null, deleted_by_member_at: null, deleted_by_customer_at: null,
      })
      .execute();
    const attribution = (h.server.services.callbacks as unknown as { deps: { contacts: AttributionService } }).deps.contacts;
    const ws = (await h.server.services.workSpaces.find(corp.wsId))!;
    const again = { userid: member, externalUserid, state, welcomeCode, eventId, receivedAt, happenedAt: receivedAt };
    await attribution.added(ws, again);
    await settle(h);
    // A third run changes nothing: the welcome went out once.
    await attribution.added(ws, again);
    await settle(h);
    expect(await addOf(externalUserid)).toMatchObject({ welcome_status: 'sent', welcome_error: null });
    expect(await welcomesTo(externalUserid)).toHaveLength(1);
  });
});
