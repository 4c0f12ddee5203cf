// PostgreSQL only: each connection of the pool has the word indexes' pending-list limit set before the pool
// hands it out (db/database.ts `SetUpClient`), so a fresh pool handed out under load queues nothing on a
// busy connection (pg 9 will refuse that; pg 8 warns); a DATABASE_URL's own `options` still apply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, SEARCH_PENDING_LIST_KB } from '../../src/db/database.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const postgres = Boolean(process.env.TEST_DATABASE_URL);
let testDb: TestDatabase;

beforeAll(async () => {
  if (postgres) testDb = await createTestDatabase();
});
afterAll(async () => {
  if (postgres) await testDb.drop();
});

const settings = async (databaseUrl: string) => {
  const db = openDatabase({ databaseUrl, dataDir: testDb.env.DATA_DIR });
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.message);
  process.on('warning', onWarning);
  try {
    // Ten connections opened at once, each handed out as soon as it is made (the pool's own query, as the
    // change mark asks it, runs on the connection in the same turn as its `connect`).
    const rows = await Promise.all(
      Array.from({ length: 10 }, async () =>
        (await db.pgPool!.query<{ pending: string; timeout: string }>(`select current_setting('gin_pending_list_limit') as pending, current_setting('statement_timeout') as timeout, pg_sleep(0.05)`)).rows[0]!,
      ),
    );
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    return { rows, warnings };
  } finally {
    process.off('warning', onWarning);
    await db.close();
  }
};

describe.skipIf(!postgres)('a PostgreSQL connection’s start', () => {
  it('starts every connection with the pending-list limit, queuing nothing on a busy connection', async () => {
    const { rows, warnings } = await settings(testDb.env.DATABASE_URL!);
    expect(rows.map((r) => r.pending)).toEqual(rows.map(() => `${SEARCH_PENDING_LIST_KB}kB`));
    expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
  });

  it('keeps the options a DATABASE_URL gives', async () => {
    const url = new URL(testDb.env.DATABASE_URL!);
    url.searchParams.set('options', '-c statement_timeout=4321');
    const { rows } = await settings(url.toString());
    expect(rows[0]).toMatchObject({ pending: `${SEARCH_PENDING_LIST_KB}kB`, timeout: '4321ms' });
  });
});
