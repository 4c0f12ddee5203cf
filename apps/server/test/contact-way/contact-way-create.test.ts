// A code's WeCom contact way is made once, even when WeCom made it but its answer never came back
// (a timeout here; a crash between WeCom's answer and our write is the same to the next run): the
// retry — or, for a channel code saved by an operator, the save itself — finds the way by its state
// and adopts it instead of making a second one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactWayService, CREATE_JOB, USERS_JOB, WARM_JOB } from '../../src/contact-way/contact-way.service.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobRepository } from '../../src/jobs/job.repository.js';
import { jobKinds, type JobOwners } from '../../src/composition/job-registry.js';
import { connectCorp, contactMembers, until, type ConnectedCorp } from '../helpers/corp.js';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;
let members: Array<{ userid: string; name: string }>;

const call = (path: string, body: unknown) => h.api(`/api/qw/staff/code${path}`, body, token, corp.headers);
const ways = async () => (await h.simCall('GET', `/control/corps/${corp.corpId}/contact-ways`)).body.list as Array<{ config_id: string; state: string; deleted?: boolean }>;

beforeAll(async () => {
  // WeCom answers add_contact_way after 1.5 s; we give up after 1 s.
  h = await startHarness({ WECOM_TIMEOUT_MS: '1000' });
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'create-once' });
  members = await contactMembers(h, corp.corpId);
}, 60_000);
afterAll(() => h?.close());

describe('making a contact way when WeCom’s answer is lost', () => {
  it('adopts the way WeCom made: one way per code, with the code’s state and QR', async () => {
    await h.simCall('POST', '/control/faults', { kind: 'latency', corpId: corp.corpId, path: 'externalcontact/add_contact_way', ms: 1500, count: 1 });
    try {
      const r = await call('/add', { userids: [members[0]!.userid, members[1]!.userid], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true });
      expect(r.status, r.message).toBe(200);
      const codes = await until('both codes made', async () => {
        const all = await Promise.all(r.data.ids.map(async (id: number) => (await call('/info', { id })).data));
        return all.every((c) => c.status === 'active') && all;
      });
      const live = (await ways()).filter((w) => !w.deleted);
      for (const code of codes) {
        const same = live.filter((w) => w.state === code.state);
        expect(same, `ways with state ${code.state}`).toHaveLength(1);
        const row = await h.server.database.kysely.selectFrom('contact_way').select('config_id').where('id', '=', code.id).executeTakeFirstOrThrow();
        expect(same[0]!.config_id).toBe(row.config_id);
        expect(code.qrCode).not.toBe('');
      }
      // WeCom was asked to make a way once per code: the retry made none.
      const calls = (await h.simCall('GET', `/control/calls?corpId=${corp.corpId}`)).body.calls['externalcontact/add_contact_way'];
      expect(calls).toBe(2);
    } finally {
      await h.simCall('DELETE', '/control/faults');
    }
  });

  it('keeps a channel code whose way WeCom made without answering in time, and adopts the way', async () => {
    await h.simCall('POST', '/control/faults', { kind: 'latency', corpId: corp.corpId, path: 'externalcontact/add_contact_way', ms: 1500, count: 1 });
    try {
      const r = await h.api(
        '/api/qw/lxw/add',
        { name: '慢回应', members: [{ userid: members[2]!.userid }], distribution: 'in_order', dailyCap: 0, schedule: [], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true },
        token,
        corp.headers,
      );
      // Kept, as 「生成中」, rather than refused or made twice.
      expect(r.status, r.message).toBe(200);
      expect(r.data).toMatchObject({ status: 'creating', qrCode: '' });
      const code = await until('the code adopted its way', async () => {
        const info = (await h.api('/api/qw/lxw/info', { id: r.data.id }, token, corp.headers)).data;
        return info.status === 'active' && info;
      });
      const same = (await ways()).filter((w) => !w.deleted && w.state === code.state);
      expect(same).toHaveLength(1);
      expect(same[0]!.config_id).toBe(code.configId);
      expect(code.qrCode).not.toBe('');
      expect(code.members.map((m: { receiving: boolean }) => m.receiving)).toEqual([true]);
    } finally {
      await h.simCall('DELETE', '/control/faults');
    }
  });

  it('shows a channel code WeCom refused after a lost answer as 生成失败, and makes it when saved again', async () => {
    // Our copy says this member may receive customers; WeCom does not (the permission was taken away).
    const snap = (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body as { members: Array<{ userid: string; customer_contact: boolean }> };
    const refused = snap.members.find((m) => !m.customer_contact)!;
    await h.server.database.kysely.updateTable('member').set({ is_follow_user: 1 }).where('work_space_id', '=', corp.wsId).where('userid', '=', refused.userid).execute();
    await h.simCall('POST', '/control/faults', { kind: 'latency', corpId: corp.corpId, path: 'externalcontact/add_contact_way', ms: 1500, count: 1 });
    const body = { name: '权限被收回', distribution: 'in_order', dailyCap: 0, schedule: [], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true };
    const info = async (id: number) => (await h.api('/api/qw/lxw/info', { id }, token, corp.headers)).data;
    try {
      const r = await h.api('/api/qw/lxw/add', { ...body, members: [{ userid: refused.userid }] }, token, corp.headers);
      expect(r.status, r.message).toBe(200);
      expect(r.data.status).toBe('creating');
      const failed = await until('WeCom refused', async () => {
        const c = await info(r.data.id);
        return c.status === 'failed' && c;
      });
      expect(failed.error).toBe('成员没有客户联系权限，请在企业微信后台配置');
      expect((await ways()).filter((w) => w.state === failed.state)).toHaveLength(0);

      // The operator puts a member WeCom accepts and saves: the code is made.
      const saved = await h.api('/api/qw/lxw/update', { ...body, id: r.data.id, members: [{ userid: members[3]!.userid }] }, token, corp.headers);
      expect(saved.status, saved.message).toBe(200);
      expect(saved.data).toMatchObject({ status: 'creating', error: null });
      const made = await until('made on the second save', async () => {
        const c = await info(r.data.id);
        return c.status === 'active' && c;
      });
      const way = (await ways()).filter((w) => w.state === made.state);
      expect(way).toHaveLength(1);
      expect(way[0]!.config_id).toBe(made.configId);
    } finally {
      await h.simCall('DELETE', '/control/faults');
      await h.server.database.kysely.updateTable('member').set({ is_follow_user: 0 }).where('work_space_id', '=', corp.wsId).where('userid', '=', refused.userid).execute();
    }
  });
});

describe('making a contact way when its job is taken over', () => {
  let h2: Harness;
  let token2: string;
  let corp2: ConnectedCorp;

  beforeAll(async () => {
    // Leases of 1 s: a stall of 1.5 s outlasts one.
    h2 = await startHarness({ JOB_LEASE_MS: '1000' });
    token2 = await h2.register(uniquePhone());
    corp2 = await connectCorp(h2, token2, { seed: 'create-stalled' });
  }, 60_000);
  afterAll(() => h2?.close());

  it('asks WeCom once when a run stalls past its lease and another process takes the job over', async () => {
    const [member] = await contactMembers(h2, corp2.corpId);
    const calls = async () => (await h2.simCall('GET', `/control/calls?corpId=${corp2.corpId}`)).body.calls['externalcontact/add_contact_way'] ?? 0;
    // A second server process on the same database, running contact-way jobs.
    const jobs = h2.server.services.jobs;
    const other = new JobQueue(new JobRepository(h2.server.database), { concurrency: 4, leaseMs: 1000, pollMs: 50 }, h2.server.log);
    // It runs the contact-way kinds only (their handlers reach no other owner).
    const kinds = jobKinds({ contactWays: new ContactWayService({ ...h2.server.services.contactWays.deps, jobs: other }) } as JobOwners);
    for (const kind of [CREATE_JOB, USERS_JOB, WARM_JOB]) other.register(kind, kinds[kind]!);
    const renew = (jobs as unknown as { renew(): Promise<void> }).renew;
    await h2.simCall('POST', '/control/faults', { kind: 'latency', corpId: corp2.corpId, path: 'externalcontact/add_contact_way', ms: 4000, count: 1 });
    try {
      const r = await h2.api('/api/qw/staff/code/add', { userids: [member!.userid], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true }, token2, corp2.headers);
      expect(r.status, r.message).toBe(200);
      const id = r.data.ids[0] as number;
      // The first run is waiting for WeCom's answer when its process stalls (a long synchronous step)
      // past its lease. Both processes share this test's event loop, so the stalled one's renewals are
      // held off by hand, and the other one's reaper comes first.
      await until('WeCom asked', async () => (await calls()) === 1);
      (jobs as unknown as { renew(): Promise<void> }).renew = async () => {};
      const end = Date.now() + 1500;
      while (Date.now() < end);
      await (other as unknown as { requeueLapsed(): Promise<void> }).requeueLapsed();
      await other.start();
      // The job ran again, in one process or the other: the second run did not ask WeCom.
      await until('the job was claimed again', async () => {
        const row = await h2.server.database.kysely.selectFrom('job').select('fence').where('kind', '=', 'contact_way_create').where('payload', '=', JSON.stringify({ id })).executeTakeFirst();
        return (row?.fence ?? 0) >= 2;
      });
      const code = await until('the code is made', async () => {
        const c = (await h2.api('/api/qw/staff/code/info', { id }, token2, corp2.headers)).data;
        return c.status === 'active' && c;
      });
      expect(await calls()).toBe(1);
      const same = ((await h2.simCall('GET', `/control/corps/${corp2.corpId}/contact-ways?state=${code.state}`)).body.list as Array<{ config_id: string; deleted: boolean }>).filter((w) => !w.deleted);
      expect(same).toHaveLength(1);
      const row = await h2.server.database.kysely.selectFrom('contact_way').select(['config_id', 'creating_by']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ config_id: same[0]!.config_id, creating_by: null });
    } finally {
      (jobs as unknown as { renew(): Promise<void> }).renew = renew;
      await other.stop();
      await h2.simCall('DELETE', '/control/faults');
    }
  });
});
