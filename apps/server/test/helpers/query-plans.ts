// A migrated database for tests of query plans: `logged` runs the same connection as `db` and records
// every statement it compiles, and `explain` gives a recorded statement's plan — SQLite's `explain query
// plan` lines, or PostgreSQL's `explain` with sequential scans forbidden (a test table is small enough
// to be read whole otherwise, which hides the index the statement would use).
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import type { DB } from '../../src/db/tables.js';
import { createTestDatabase } from './database.js';

export interface PlanDatabase {
  db: Database;
  logged: Kysely<DB>;
  /** What `logged` ran, in order. */
  run: CompiledQuery[];
  explain(q: CompiledQuery): Promise<string>;
  close(): Promise<void>;
}

export async function openPlanDatabase(): Promise<PlanDatabase> {
  const testDb = await createTestDatabase();
  const db = openDatabase({ databaseUrl: testDb.env.DATABASE_URL, dataDir: testDb.env.DATA_DIR });
  await migrateToLatest(db.kysely, db.dialect);
  const run: CompiledQuery[] = [];
  const dialect = db.sqlite ? new SqliteDialect({ database: db.sqlite }) : new PostgresDialect({ pool: db.pgPool! });
  const logged = new Kysely<DB>({ dialect, log: (e) => void run.push(e.query) });
  const explain = async (q: CompiledQuery): Promise<string> => {
    if (db.sqlite) {
      const rows = db.sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[];
      return rows.map((r) => r.detail).join('\n');
    }
    return db.kysely.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const out = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...q, sql: `explain ${q.sql}` } as CompiledQuery<{ 'QUERY PLAN': string }>);
      return out.rows.map((r) => r['QUERY PLAN'].trim()).join('\n');
    });
  };
  // `logged` shares db's connection: closing db closes both.
  const close = async () => {
    await db.close();
    await testDb.drop();
  };
  return { db, logged, run, explain, close };
}
