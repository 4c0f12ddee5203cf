// Callback intake under a burst: concurrent deliveries are stored together (group commit), and still
// each one answers for itself — a redelivery signed afresh is stored once, a replayed request is
// refused, every 200 is an event stored with its work (an edit: applied, its customer's re-read queued
// with it), and an event that could not be stored is never
// answered 200 (its sender's resend of the very same request is then accepted).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WecomCrypto } from '@scrm/wecom/crypto';
import { connectCorp, type ConnectedCorp } from '../helpers/corp.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
let corp: ConnectedCorp;
let crypto: WecomCrypto;
let pairs: Array<[string, string]>;
let at: number;

const db = () => h.server.database.kysely;

beforeAll(async () => {
  h = await startHarness();
  const token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'callback-intake', size: { customers: 20 } });
  const info = (await h.api('/api/qw/info', { id: corp.wsId }, token)).data;
  crypto = new WecomCrypto({ token: info.token, encodingAesKey: info.encodingAesKey, receiveId: corp.corpId });
  const snapshot = (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body as { customers: Array<{ external_userid: string; follow_user: Array<{ userid: string }> }> };
  pairs = snapshot.customers.flatMap((c) => c.follow_user.map((f) => [f.userid, c.external_userid] as [string, string]));
  // Moments no simulator event shares.
  at = Math.floor(Date.now() / 1000) + 5000;
}, 60_000);
afterAll(() => h?.close());

/** An edit_external_contact of the i-th relation; the same i is the same event (one dedupe key). */
const editEvent = (i: number) => {
  const [userid, externalUserid] = pairs[i % pairs.length]!;
  return `<xml><ToUserName><![CDATA[${corp.corpId}]]></ToUserName><FromUserName><![CDATA[sys]]></FromUserName><CreateTime>${at + i}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[change_external_contact]]></Event><ChangeType><![CDATA[edit_external_contact]]></ChangeType><UserID><![CDATA[${userid}]]></UserID><ExternalUserID><![CDATA[${externalUserid}]]></ExternalUserID></xml>`;
};
const post = async (sealed: { xml: string; query: Record<string, string> }) => {
  const res = await fetch(`${h.baseUrl}/api/wecom/callback/${corp.wsId}?${new URLSearchParams(sealed.query)}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: sealed.xml });
  return { status: res.status, text: await res.text() };
};
const storedOf = async (from: number, count: number) => {
  const rows = await db().selectFrom('callback_event').select(['id', 'raw_xml', 'processed_at']).where('work_space_id', '=', corp.wsId).execute();
  const ours = new Set(Array.from({ length: count }, (_, i) => editEvent(from + i)));
  return rows.filter((r) => ours.has(r.raw_xml));
};
const jobsOf = async (eventIds: number[]) =>
  eventIds.length
    ? db().selectFrom('job').select(['singleton_key']).where('kind', '=', 'callback').where('singleton_key', 'in', eventIds.map((id) => `callback:${id}`)).execute()
    : [];
/**
 * What stored edits left to do: an edit only asks for its customer to be read again, so it is stored as
 * applied, with no job of its own, and its customer's re-read (one per customer) queued with it.
 */
const workOf = async (stored: Array<{ id: number; raw_xml: string; processed_at: number | null }>, since: number) => {
  const customers = new Set(stored.map((r) => /<ExternalUserID><!\[CDATA\[(.+?)\]\]>/.exec(r.raw_xml)![1]!));
  const rereads = await db()
    .selectFrom('job')
    .select('singleton_key')
    .where('kind', '=', 'refresh_customer')
    .where('created_at', '>=', since)
    .where('singleton_key', 'in', [...customers].map((c) => `refresh:${corp.wsId}:${c}`))
    .execute();
  return {
    applied: stored.every((r) => r.processed_at !== null),
    eventJobs: (await jobsOf(stored.map((r) => r.id))).length,
    customers: customers.size,
    rereads: new Set(rereads.map((r) => r.singleton_key)).size,
  };
};

describe('a burst of deliveries', () => {
  it('stores each event once with its work, refuses replays, and answers 200 only for what is stored', async () => {
    // Processing waits: a redelivery of an event already processed would (rightly) queue it again.
    await h.server.services.jobs.stop();
    const since = Date.now();
    try {
      const first = Array.from({ length: 30 }, (_, i) => crypto.seal(editEvent(i)));
      // WeCom's redeliveries of 10 of them, signed afresh (new timestamp and nonce).
      const redelivered = Array.from({ length: 10 }, (_, i) => crypto.seal(editEvent(i)));
      // The very same request of 5 of them sent again (a replay).
      const replayed = first.slice(20, 25);
      const answers = await Promise.all([...first, ...redelivered, ...replayed].map(post));

      // Read at once: whatever was answered 200 is there already.
      const stored = await storedOf(0, 30);
      expect(stored).toHaveLength(30);
      expect(new Set(stored.map((r) => r.raw_xml)).size).toBe(30);
      const work = await workOf(stored, since);
      expect(work).toMatchObject({ applied: true, eventJobs: 0 });
      expect(work.rereads).toBe(work.customers);
      expect(work.customers).toBeGreaterThan(1);

      expect(answers.slice(0, 20).every((a) => a.status === 200 && a.text === 'success')).toBe(true);
      expect(answers.slice(30, 40).every((a) => a.status === 200)).toBe(true);
      for (let i = 0; i < 5; i++) {
        const pair = [answers[20 + i]!, answers[40 + i]!];
        expect(pair.map((a) => a.status).sort()).toEqual([200, 403]);
        expect(JSON.parse(pair.find((a) => a.status === 403)!.text).message).toContain('重复的回调');
      }
      expect(answers.slice(25, 30).every((a) => a.status === 200)).toBe(true);
    } finally {
      await h.server.services.jobs.start();
    }
  }, 60_000);

  it('answers no event it could not store; the same request sent again is accepted once the database is back', async () => {
    // The last test's re-reads are done: each customer's here is queued anew.
    await h.server.services.jobs.idle();
    await h.server.services.jobs.stop();
    const since = Date.now();
    // The inbox cannot be written (as when the database fails mid-burst).
    await db().schema.alterTable('callback_event').renameTo('callback_event_away').execute();
    const sealed = Array.from({ length: 8 }, (_, i) => crypto.seal(editEvent(100 + i)));
    let refused: Array<{ status: number; text: string }>;
    try {
      refused = await Promise.all(sealed.map(post));
    } finally {
      await db().schema.alterTable('callback_event_away').renameTo('callback_event').execute();
      await h.server.services.jobs.start();
    }
    expect(refused.map((a) => a.status)).toEqual(Array(8).fill(500));
    expect(await storedOf(100, 8)).toEqual([]);

    // Nothing of the failed batch stayed, not even the claims against replay: WeCom's resend passes.
    const again = await Promise.all(sealed.map(post));
    expect(again.map((a) => a.status)).toEqual(Array(8).fill(200));
    const stored = await storedOf(100, 8);
    expect(stored).toHaveLength(8);
    const work = await workOf(stored, since);
    expect(work).toMatchObject({ applied: true, eventJobs: 0 });
    expect(work.rereads).toBe(work.customers);
  }, 60_000);

  it('takes a delivery sealed with keys changed a moment ago, and refuses the old keys at once', async () => {
    // Deliveries just now: the work space's keys are kept by the server.
    expect((await post(crypto.seal(editEvent(200)))).status).toBe(200);
    const keys = { callback_token: 'T'.repeat(32), callback_aes_key: 'k'.repeat(43) };
    const before = await db().selectFrom('work_space').select(['callback_token', 'callback_aes_key']).where('id', '=', corp.wsId).executeTakeFirstOrThrow();
    await db().updateTable('work_space').set(keys).where('id', '=', corp.wsId).execute();
    try {
      const renewed = new WecomCrypto({ token: keys.callback_token, encodingAesKey: keys.callback_aes_key, receiveId: corp.corpId });
      expect((await post(renewed.seal(editEvent(201)))).status).toBe(200);
      expect((await post(crypto.seal(editEvent(202)))).status).toBe(401);
      expect(await storedOf(201, 2)).toHaveLength(1);
    } finally {
      await db().updateTable('work_space').set(before).where('id', '=', corp.wsId).execute();
    }
  }, 60_000);
});
