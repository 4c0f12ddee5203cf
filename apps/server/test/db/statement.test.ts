// Statements Kysely builds once (db/statement.ts): each run gets its own values in the places the
// builder gave them, the statement's constants stay, writes are seen by the table-write watchers and
// happen in the caller's transaction, on either database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchStatement, statement } from '../../src/db/statement.js';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

let builds = 0;
const add = statement((db, v: { key: string; expiresAt: number }) => {
  builds += 1;
  return db.insertInto('callback_nonce').values({ key: v.key, expires_at: v.expiresAt }).onConflict((oc) => oc.doNothing()).returning('key');
});
const find = statement((db, v: { key: string }) => db.selectFrom('callback_nonce').selectAll().where('key', '=', v.key));
// A constant of the statement (the `limit`, the `>= 0`) beside the values.
const later = statement((db, v: { after: number; prefix: string }) =>
  db
    .selectFrom('callback_nonce')
    .select('key')
    .where('expires_at', '>', v.after)
    .where('expires_at', '>=', 0)
    .where('key', '>=', v.prefix)
    .orderBy('key')
    .limit(2),
);
const extend = statement((db, v: { key: string; expiresAt: number }) => db.updateTable('callback_nonce').set({ expires_at: v.expiresAt }).where('key', '=', v.key));

// The key is char(64) on PostgreSQL: padded.
const keys = (rows: Array<{ key: string }>) => rows.map((r) => r.key.trim());
const row = (r: { key: string; expires_at: number } | undefined) => r && { key: r.key.trim(), expires_at: Number(r.expires_at) };

describe('a statement built once', () => {
  it('runs with each call’s own values, its constants kept', async () => {
    const { kysely } = h.server.database;
    expect(keys(await add.rows(kysely, { key: 'st:a', expiresAt: 100 }))).toEqual(['st:a']);
    expect(keys(await add.rows(kysely, { key: 'st:b', expiresAt: 200 }))).toEqual(['st:b']);
    expect(keys(await add.rows(kysely, { key: 'st:c', expiresAt: 300 }))).toEqual(['st:c']);
    // Already there: nothing inserted, nothing returned.
    expect(await add.rows(kysely, { key: 'st:a', expiresAt: 999 })).toEqual([]);
    expect(builds).toBe(1);

    expect(row(await find.first(kysely, { key: 'st:b' }))).toEqual({ key: 'st:b', expires_at: 200 });
    expect(await find.first(kysely, { key: 'st:none' })).toBeUndefined();
    expect(keys(await later.rows(kysely, { after: 150, prefix: 'st:' }))).toEqual(['st:b', 'st:c']);
    expect(keys(await later.rows(kysely, { after: 0, prefix: 'st:' }))).toEqual(['st:a', 'st:b']);
    expect(await extend.affected(kysely, { key: 'st:a', expiresAt: 400 })).toBe(1);
    expect(await extend.affected(kysely, { key: 'st:none', expiresAt: 400 })).toBe(0);
    expect(row(await find.first(kysely, { key: 'st:a' }))).toEqual({ key: 'st:a', expires_at: 400 });
  });

  it('writes in the caller’s transaction, and the table-write watchers see its writes', async () => {
    const { kysely, writes } = h.server.database;
    let seen = 0;
    writes.watch(['callback_nonce'], () => (seen += 1));
    await kysely
      .transaction()
      .execute(async (trx) => {
        await add.run(trx, { key: 'st:rolled-back', expiresAt: 1 });
        expect(await find.first(trx, { key: 'st:rolled-back' })).toBeDefined();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await find.first(kysely, { key: 'st:rolled-back' })).toBeUndefined();
    await extend.run(kysely, { key: 'st:b', expiresAt: 500 });
    expect(seen).toBe(1);
  });

  it('takes a batch of rows, each value in its row, and builds a larger batch as Kysely does', async () => {
    const { kysely } = h.server.database;
    let built = 0;
    const addMany = batchStatement((db, rows: Array<{ key: string; expiresAt: number }>) => {
      built += 1;
      return db
        .insertInto('callback_nonce')
        .values(rows.map((r) => ({ key: r.key, expires_at: r.expiresAt })))
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key');
    }, 3);
    const batch = (names: string[]) => names.map((n, i) => ({ key: `st:batch:${n}`, expiresAt: 1000 + i }));
    expect(keys(await addMany.rows(kysely, batch(['a', 'b'])))).toEqual(['st:batch:a', 'st:batch:b']);
    expect(keys(await addMany.rows(kysely, batch(['c', 'd'])))).toEqual(['st:batch:c', 'st:batch:d']);
    expect(keys(await addMany.rows(kysely, batch(['a', 'e', 'f'])))).toEqual(['st:batch:e', 'st:batch:f']);
    expect(built).toBe(2); // two rows, three rows
    expect(keys(await addMany.rows(kysely, batch(['g', 'h', 'i', 'j'])))).toEqual(['st:batch:g', 'st:batch:h', 'st:batch:i', 'st:batch:j']);
    expect(row(await find.first(kysely, { key: 'st:batch:d' }))).toEqual({ key: 'st:batch:d', expires_at: 1001 });
    expect(row(await find.first(kysely, { key: 'st:batch:j' }))).toEqual({ key: 'st:batch:j', expires_at: 1003 });
  });

  it('refuses a run without one of its values', async () => {
    await expect(find.first(h.server.database.kysely, {} as { key: string })).rejects.toThrow('no value for key');
  });
});
