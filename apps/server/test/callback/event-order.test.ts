// WeCom may deliver a customer's events in another order than they happened (they are pushed at once, and
// a failed push is sent again later). A customer who deletes the member right after adding them, whose
// deletion arrives first, or is applied while the add's job is still at work, stays counted as lost: on
// the relation, on the code's add and in the data centre.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayKey } from '@scrm/contracts/china-time';
import { staffCodeFor } from '../helpers/code-world.js';
import { callbackSender, connectCorp, contactMembers, relationRows, settle, until, type ConnectedCorp } from '../helpers/corp.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;
let member: string;
let configId: string;
let state: string;

const db = () => h.server.database.kysely;

beforeEach(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'event-order' });
  member = (await contactMembers(h, corp.corpId))[0]!.userid;
  ({ configId, state } = await staffCodeFor(h, token, corp, member, { welcome: '你好' }));
}, 60_000);
afterEach(() => h?.close());

/** Posts a change_external_contact as WeCom would, sealed with the corp's callback keys. */
async function deliver(fields: Record<string, string>, createTime: number) {
  const body = Object.entries(fields)
    .map(([k, v]) => `<${k}><![CDATA[${v}]]></${k}>`)
    .join('');
  expect(await (await callbackSender(h, token, corp))('change_external_contact', body, createTime)).toBe(200);
}

const addOf = (ext: string) => until('the add recorded', () => db().selectFrom('contact_way_add').selectAll().where('external_userid', '=', ext).executeTakeFirst());
const deletionMark = async (ext: string) => (await relationRows(h, corp.wsId, 'follow_relation', ext, member))[0]?.deleted_by_customer_at;

/** A scan and the customer's deletion of the member in WeCom, both in second `at`, their pushes held back. */
async function addAndDeleteUnsent() {
  await h.simCall('POST', '/control/faults', { kind: 'drop-callback', corpId: corp.corpId });
  try {
    const scan = (await h.simCall('POST', `/control/corps/${corp.corpId}/scan`, { configId, name: '顺序测试' })).body as { externalUserid: string; userid: string; welcomeCode: string | null };
    expect(scan.userid).toBe(member);
    expect((await h.simCall('POST', `/control/corps/${corp.corpId}/customer-deletes-member`, { userid: member, externalUserid: scan.externalUserid })).status).toBe(200);
    return scan;
  } finally {
    await h.simCall('DELETE', '/control/faults');
  }
}

const overview = async () => {
  const today = dayKey(Date.now());
  const r = await h.api('/api/qw/data/customer/overview', { start: today, end: today }, token, corp.headers);
  expect(r.status, r.message).toBe(200);
  return r.data as { adds: number; lostByCustomer: number };
};

describe('a deletion delivered before the add it follows', () => {
  it('stays on the relation, the add and the data centre when both happened in the same second', async () => {
    const at = Math.floor(Date.now() / 1000);
    const scan = await addAndDeleteUnsent();
    const ext = scan.externalUserid;
    await deliver({ ChangeType: 'del_follow_user', UserID: member, ExternalUserID: ext }, at);
    await settle(h);
    await deliver({ ChangeType: 'add_external_contact', UserID: member, ExternalUserID: ext, State: state, WelcomeCode: scan.welcomeCode ?? '' }, at);
    await settle(h);

    const add = await addOf(ext);
    expect(add.deleted_by_customer_at).toBe(at * 1000);
    expect(await deletionMark(ext)).not.toBeNull();
    expect(await overview()).toMatchObject({ adds: 1, lostByCustomer: 1 });
  }, 60_000);

  it('stays when it is applied while the add’s job is still sending the welcome', async () => {
    const at = Math.floor(Date.now() / 1000);
    const scan = await addAndDeleteUnsent();
    const ext = scan.externalUserid;
    const welcomeCalls = async () => (await h.simCall('GET', `/control/calls?corpId=${corp.corpId}`)).body.calls['externalcontact/send_welcome_msg'] ?? 0;
    const before = await welcomeCalls();
    await h.simCall('POST', '/control/faults', { kind: 'late-response', corpId: corp.corpId, path: 'externalcontact/send_welcome_msg', ms: 2000, count: 1 });
    try {
      await deliver({ ChangeType: 'add_external_contact', UserID: member, ExternalUserID: ext, State: state, WelcomeCode: scan.welcomeCode ?? '' }, at);
      await until('the welcome is on its way', async () => (await welcomeCalls()) > before, 15_000);
      await deliver({ ChangeType: 'del_follow_user', UserID: member, ExternalUserID: ext }, at);
      await settle(h);
    } finally {
      await h.simCall('DELETE', '/control/faults');
    }
    const add = await addOf(ext);
    expect(add.welcome_status).toBe('sent');
    expect(add.deleted_by_customer_at).not.toBeNull();
    expect(await deletionMark(ext)).not.toBeNull();
    expect(await overview()).toMatchObject({ adds: 1, lostByCustomer: 1 });
  }, 60_000);

  it('is undone by an add that happened after it, whichever arrives first', async () => {
    const at = Math.floor(Date.now() / 1000);
    const scan = await addAndDeleteUnsent();
    const ext = scan.externalUserid;
    // The customer added the member again a second later: that add arrives first, the deletion after it.
    await deliver({ ChangeType: 'add_external_contact', UserID: member, ExternalUserID: ext, State: state, WelcomeCode: '' }, at + 1);
    await settle(h);
    await deliver({ ChangeType: 'del_follow_user', UserID: member, ExternalUserID: ext }, at);
    await settle(h);
    // The deletion happened before this add in WeCom: neither the add nor the relation is marked.
    const add = await addOf(ext);
    expect(add.deleted_by_customer_at).toBeNull();
    expect(await deletionMark(ext)).toBeNull();
    expect(await overview()).toMatchObject({ adds: 1, lostByCustomer: 0 });
  }, 60_000);
});
