// The writes a watch hears of (db/table-writes.ts): what empties the session cache and drops the customer
// list's kept searches — every UPDATE or DELETE of a watched table, INSERTs for a watch that asks, and
// not an UPDATE of ignored columns alone (a session's last seen time, written once a minute).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('the writes a watch hears of', () => {
  it('hears updates and deletes, inserts when asked, and not an update of ignored columns alone', async () => {
    const { kysely, writes } = h.server.database;
    const heard = { plain: 0, inserts: 0, ignoring: 0 };
    writes.watch(['session'], () => heard.plain++);
    writes.watch(['session'], () => heard.inserts++, { inserts: true });
    writes.watch(['session'], () => heard.ignoring++, { ignoredColumns: ['last_seen_at'] });
    await h.register(uniquePhone()); // a session inserted
    expect(heard).toEqual({ plain: 0, inserts: 1, ignoring: 0 });
    const [row] = await kysely.selectFrom('session').select('token_hash').orderBy('created_at', 'desc').limit(1).execute();
    const mine = kysely.updateTable('session').where('token_hash', '=', row!.token_hash);
    await mine.set({ last_seen_at: Date.now() }).execute();
    expect(heard).toEqual({ plain: 1, inserts: 2, ignoring: 0 });
    await mine.set({ last_seen_at: Date.now(), revoked_at: Date.now() }).execute();
    expect(heard).toEqual({ plain: 2, inserts: 3, ignoring: 1 });
    await kysely.deleteFrom('session').where('token_hash', '=', row!.token_hash).execute();
    expect(heard).toEqual({ plain: 3, inserts: 4, ignoring: 2 });
    await kysely.updateTable('account').set({ nickname: '别的表' }).where('id', '=', -1).execute();
    expect(heard).toEqual({ plain: 3, inserts: 4, ignoring: 2 });
  });
});
