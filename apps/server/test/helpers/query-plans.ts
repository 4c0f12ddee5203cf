// A migrated database for tests of query plans: `logged` runs the same connection as `db` and records
// every statement it compiles, and `explain` gives a recorded statement's plan — SQLite's `explain query
// plan` lines, or PostgreSQL's `explain` with sequential scans forbidden (a test table is small enough
// to be read whole otherwise, which hides the index the statement would use).
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
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
  const testDb = await createTestDatabase({ migrated: true });
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

/** The file's plan database: opened before its tests, closed and dropped after them. */
export function usePlanDatabase(): PlanDatabase {
  const plans = {} as PlanDatabase;
  beforeAll(async () => {
    Object.assign(plans, await openPlanDatabase());
  });
  afterAll(() => plans.close?.());
  return plans;
}

let accounts = 0;

/** A work space of a new account, written directly (no API): its id. */
export async function addWorkSpace(db: Database, nickname: string): Promise<number> {
  const n = ++accounts;
  const account = await db.kysely
    .insertInto('account')
    .values({ parent_id: null, account: null, phone: `139${String(n).padStart(8, '0')}`, password_hash: 'x', nickname: '', gzh_openid: null, permission_keys: '[]', disabled: 0, created_at: 1, updated_at: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ws = await db.kysely
    .insertInto('work_space')
    .values({ account_id: Number(account.id), nickname, access_type: 'internal', created_at: 1, corp_id: `wwplan${n}`, corp_name: '', secret_enc: null, permanent_code_enc: null, last_checked_at: null, synced_at: null, sync_error: null, sync_status: 'done' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(ws.id);
}
