// SQLite: what the server commits reaches the database file through checkpoints made by a worker
// thread's connection, not inside the server's own commits (db/wal-checkpointer.ts).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The rows of `wal_probe` in a copy of the database file alone, without its WAL (0 while a copy is torn mid-checkpoint). */
function rowsInFile(dir: string): number {
  copyFileSync(join(dir, 'scrm.db'), join(dir, 'copy.db'));
  try {
    const copy = new SQLite(join(dir, 'copy.db'), { readonly: true });
    try {
      const table = copy.prepare(`select 1 from sqlite_schema where name = 'wal_probe'`).get();
      return table ? (copy.prepare('select count(*) from wal_probe').pluck().get() as number) : 0;
    } finally {
      copy.close();
    }
  } catch {
    return 0;
  }
}

describe.skipIf(process.env.TEST_DATABASE_URL)('SQLite checkpoints', () => {
  it('copy the WAL into the database file from a worker, while the server’s connection leaves it to the worker', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scrm-wal-'));
    dirs.push(dir);
    const db = openDatabase({ dataDir: dir });
    try {
      // The server's connection would checkpoint only past 4,000 pages.
      expect(db.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(4_000);
      // ~600 pages: fewer than SQLite's own 1,000 at which a commit would have checkpointed them.
      await sql`create table wal_probe (id integer primary key, note text not null)`.execute(db.kysely);
      await db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < 12; i++) {
          const rows = Array.from({ length: 100 }, (_, j) => ({ id: i * 100 + j, note: '客'.repeat(600) }));
          await sql`insert into wal_probe (id, note) select value ->> 'id', value ->> 'note' from json_each(${JSON.stringify(rows)})`.execute(trx);
        }
      });
      let inFile = 0;
      for (let waited = 0; waited < 5_000 && inFile < 1_200; waited += 50) {
        await new Promise((r) => setTimeout(r, 50));
        inFile = rowsInFile(dir);
      }
      expect(inFile).toBe(1_200);
    } finally {
      await db.close();
    }
    // Closed with its worker (close() returns once the worker has closed its connection): it opens again.
    const again = openDatabase({ dataDir: dir });
    try {
      expect(Number((await sql<{ n: number }>`select count(*) as n from wal_probe`.execute(again.kysely)).rows[0]!.n)).toBe(1_200);
    } finally {
      await again.close();
    }
  });
});
