// PostgreSQL only: once the migrations ran, a statement whose plan cannot depend on its values is prepared on
// its connection once (db/pg-statements.ts), one whose values can change the plan (a list's order, a
// search) is planned each time, and a prepared statement whose table another process changed fails once,
// then runs as text. (Every server test on PostgreSQL runs with it on: the harness turns it on.)
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { relationIn } from '../../src/db/relation-pairs.js';
import type { DB } from '../../src/db/tables.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const postgres = Boolean(process.env.TEST_DATABASE_URL);
let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  if (!postgres) return;
  testDb = await createTestDatabase();
  db = openDatabase({ databaseUrl: testDb.env.DATABASE_URL, dataDir: testDb.env.DATA_DIR });
  await migrateToLatest(db.kysely, db.dialect);
});
afterAll(async () => {
  if (!postgres) return;
  await db.close();
  await testDb.drop();
});

/** The statements prepared on this connection. */
const prepared = async (conn: Kysely<DB>) =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn)).rows.map((r) => r.statement);

describe.skipIf(!postgres)('statements prepared on PostgreSQL', () => {
  it('prepares a key lookup once the migrations ran, and plans a list, a search or relations’ pairs for their values each time', async () => {
    await db.kysely.connection().execute(async (conn) => {
      const lookup = () => conn.selectFrom('job').select('status').where('id', '=', 1).execute();
      await lookup();
      expect(await prepared(conn)).toEqual([]);

      db.prepareStatements();
      await lookup();
      await lookup();
      await conn.selectFrom('customer').select('external_userid').where('work_space_id', '=', 1).orderBy('updated_at', 'desc').limit(20).execute();
      await conn.selectFrom('customer').select('external_userid').where('name', 'like', '%张%').execute();
      // The pairs go as arrays: a plan made once, while the table was small, would read the whole work space.
      const pairs = [{ externalUserid: 'wm1', userid: 'u1' }, { externalUserid: 'wm1', userid: 'u2' }];
      for (let i = 0; i < 6; i++) await conn.deleteFrom('follow_tag').where('work_space_id', '=', 1).where(relationIn(conn, pairs)).execute();
      const statements = await prepared(conn);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toContain('from "job" where "id" = $1');
    });
  });

  it('prepares an insert of a batch of rows once it keeps coming, and plans a long list of values in a read each time', async () => {
    db.prepareStatements();
    await db.kysely.connection().execute(async (conn) => {
      await sql`create temporary table batch_probe (id integer primary key, a text, b text)`.execute(conn);
      const rows = (from: number) => Array.from({ length: 200 }, (_, i) => ({ id: from + i, a: 'a', b: 'b' }));
      const insert = (from: number) => (conn as unknown as Kysely<any>).insertInto('batch_probe').values(rows(from)).execute();
      // A size that has come a few times is still sent as text (a one-off size is never prepared).
      for (let i = 0; i < 10; i++) await insert(i * 200);
      expect((await prepared(conn)).filter((t) => /batch_probe/.test(t))).toEqual([]);
      for (let i = 10; i < 60; i++) await insert(i * 200);
      const ids = Array.from({ length: 100 }, (_, i) => i);
      expect(await (conn as unknown as Kysely<any>).selectFrom('batch_probe').select('id').where('id', 'in', ids).execute()).toHaveLength(100);
      const statements = (await prepared(conn)).filter((t) => /batch_probe/.test(t));
      // The insert of 600 values, prepared once it kept coming; the read of 100 ids is not prepared.
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^insert into "batch_probe"/);
      expect(Number((await sql<{ n: string }>`select count(*) as n from batch_probe`.execute(conn)).rows[0]!.n)).toBe(12_000);
    });
  });

  it('runs a statement as text once its table changed under it (another process migrated)', async () => {
    db.prepareStatements();
    await db.kysely.connection().execute(async (conn) => {
      await sql`create table prepared_probe (id integer primary key, a text)`.execute(conn);
      await sql`insert into prepared_probe values (1, 'x')`.execute(conn);
      const read = () => (conn as unknown as Kysely<any>).selectFrom('prepared_probe').selectAll().where('id', '=', 1).execute();
      expect(await read()).toEqual([{ id: 1, a: 'x' }]);
      await sql`alter table prepared_probe add column b text`.execute(conn);
      await expect(read()).rejects.toMatchObject({ code: '0A000' });
      expect(await read()).toEqual([{ id: 1, a: 'x', b: null }]);
    });
  });
});
