// 客户列表's total beyond what a request counts (CUSTOMER_COUNT_CAP): the answer says it is being
// counted, /customer/count gives the exact figure once the background job has it, the list keeps it a
// minute with when it was counted, and an older figure comes back flagged as an estimate while counted
// again. The search index (FTS5 trigram / pg_trgm) finds a remark written after the customer came, and
// forgets the old one.
import { CUSTOMER_COUNT_CAP } from '@scrm/contracts/customer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, until, type ConnectedCorp } from '../helpers/corp.js';

let h: Harness;
let token: string;
let corp: ConnectedCorp;
let customers: Array<{ external_userid: string; name: string; follow_user: Array<{ userid: string }> }>;
const api = (path: string, body?: unknown) => h.api(path, body, token, corp.headers);

beforeAll(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'customer-total', size: { members: 4, customers: CUSTOMER_COUNT_CAP + 30, tags: 2 } });
  customers = (await h.simCall('GET', `/control/corps/${corp.corpId}/snapshot`)).body.customers;
}, 120_000);
afterAll(() => h?.close());

describe('the total', () => {
  it('is counted in the background beyond the cap, then kept a minute with when it was counted', async () => {
    expect(customers.length).toBeGreaterThan(CUSTOMER_COUNT_CAP);
    const first = (await api('/api/qw/customer/list', {})).data;
    expect(first).toMatchObject({ total: CUSTOMER_COUNT_CAP, totalExact: false, countedAt: null, counting: true });
    expect(first.list).toHaveLength(20);

    const counted = await until('counted', async () => {
      const r = (await api('/api/qw/customer/count', {})).data;
      return r.counting ? undefined : r;
    });
    expect(counted).toMatchObject({ total: customers.length, totalExact: true, counting: false });
    expect(counted.countedAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await api('/api/qw/customer/list', { page: 2 })).data).toMatchObject({ total: customers.length, totalExact: true, countedAt: counted.countedAt, counting: false });

    // A filter within the cap is counted while answering (no figure kept, nothing queued).
    const member = customers[0]!.follow_user[0]!.userid;
    const mine = customers.filter((c) => c.follow_user.some((f) => f.userid === member)).length;
    expect(mine).toBeLessThanOrEqual(CUSTOMER_COUNT_CAP);
    expect((await api('/api/qw/customer/list', { userids: [member] })).data).toMatchObject({ total: mine, totalExact: true, countedAt: null, counting: false });
  });

  it('gives a figure older than a minute as an estimate while it is counted again', async () => {
    const k = h.server.database.kysely;
    const old = Date.now() - 5 * 60_000;
    await k.updateTable('customer_count').set({ total: 12_345, counted_at: old }).where('work_space_id', '=', corp.wsId).execute();
    const r = (await api('/api/qw/customer/list', {})).data;
    expect(r).toMatchObject({ total: 12_345, totalExact: false, countedAt: old, counting: true });
    const again = await until('counted again', async () => {
      const c = (await api('/api/qw/customer/count', {})).data;
      return c.counting ? undefined : c;
    });
    expect(again).toMatchObject({ total: customers.length, totalExact: true });
    expect(again.countedAt).toBeGreaterThan(old);
  });
});

describe('the search index', () => {
  it('finds a remark written after the customer came, and no longer the one it replaced', async () => {
    const c = customers[3]!;
    const userid = c.follow_user[0]!.userid;
    const remark = async (text: string) =>
      expect((await api('/api/qw/customer/remark', { externalUserid: c.external_userid, userid, remark: text, description: '', remarkMobiles: [] })).status).toBe(200);
    const found = async (word: string) => (await api('/api/qw/customer/list', { keyword: word })).data.list.map((x: any) => x.externalUserid);
    await remark('华东区域大客户');
    expect(await found('东区域大')).toEqual([c.external_userid]);
    expect(await found('东区')).toContain(c.external_userid);
    await remark('西南新犇');
    expect(await found('东区域大')).toEqual([]);
    expect(await found('西南新')).toEqual([c.external_userid]);
    // Words of one or two characters, from the index of characters and pairs, kept in step too.
    expect(await found('东区')).not.toContain(c.external_userid);
    expect(await found('南新')).toContain(c.external_userid);
    expect(await found('犇')).toEqual([c.external_userid]);
    // One with LIKE's own characters is found without an index.
    await remark('满100%返');
    expect(await found('100%')).toEqual([c.external_userid]);
    // A customer's name, three characters or more of it.
    const named = customers.find((x) => [...x.name].length >= 3)!;
    expect(await found(named.name)).toContain(named.external_userid);
  });
});
