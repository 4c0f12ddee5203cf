// A first sync fills the customer tables from empty. Without statistics PostgreSQL planned the customer
// list's "no later relation" probe as a nested loop over the whole work space: 2.5 s a page at 3,000
// customers, until autovacuum got round to analysing. The sync takes the statistics itself when it ends.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'kysely';
import { corpWorld, type CorpWorld } from '../helpers/corp-world.js';

let w: CorpWorld;
beforeAll(async () => {
  w = await corpWorld('statistics', { members: 8, customers: 120 });
}, 60_000);
afterAll(() => w?.h.close());

test('a finished sync leaves the planner statistics of the tables it filled', async () => {
  const database = w.h.server.database;
  const tables = ['customer', 'follow_relation', 'member'];
  for (const table of tables) {
    const rows =
      database.dialect === 'postgres'
        ? await sql<{ n: number | string }>`select count(*) as n from pg_stats where schemaname = current_schema() and tablename = ${table}`.execute(database.kysely)
        : await sql<{ n: number | string }>`select count(*) as n from sqlite_stat1 where tbl = ${table}`.execute(database.kysely);
    expect(Number(rows.rows[0]?.n), table).toBeGreaterThan(0);
  }
  // SQLite: taken an index at a time (the event loop turning between), and as whole as `optimize` takes them.
  if (database.sqlite) {
    const due = (database.sqlite.pragma('optimize = 0x10003') as Array<{ optimize: string }>).map((r) => r.optimize).join('\n');
    for (const table of tables) expect(due).not.toContain(`"${table}"`);
  }
});
