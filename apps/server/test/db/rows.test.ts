// Rows as the repositories see them, on either database. On SQLite they are read as arrays and built
// into objects by a function made for each statement's columns (db/database.ts): a later column of the
// same name wins, a statement prepared before a column was added sees the new column, and a write's
// statement still reports what it changed.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('rows read through the query builder', () => {
  it('are objects keyed by column, the later of two same-named columns winning', async () => {
    const { kysely } = h.server.database;
    const { rows } = await sql<{ a: number; b: string }>`select 1 as a, 'x' as b, 2 as a`.execute(kysely);
    expect(rows).toEqual([{ a: 2, b: 'x' }]);
    const none = await sql`select 1 as a where 1 = 0`.execute(kysely);
    expect(none.rows).toEqual([]);
  });

  it('follow a table that gains a column, and writes report their changes', async () => {
    const { kysely } = h.server.database;
    await sql`create table rows_probe (id integer primary key, name varchar(20) not null)`.execute(kysely);
    try {
      const changed = await sql`insert into rows_probe (id, name) values (1, '一'), (2, '二')`.execute(kysely);
      expect(Number(changed.numAffectedRows)).toBe(2);
      const all = () => sql<Record<string, unknown>>`select * from rows_probe order by id`.execute(kysely);
      expect((await all()).rows).toEqual([{ id: 1, name: '一' }, { id: 2, name: '二' }]);

      await sql`alter table rows_probe add column note varchar(20)`.execute(kysely);
      await sql`update rows_probe set note = '新列' where id = 2`.execute(kysely);
      expect((await all()).rows).toEqual([{ id: 1, name: '一', note: null }, { id: 2, name: '二', note: '新列' }]);
    } finally {
      await sql`drop table rows_probe`.execute(kysely);
    }
  });
});
