// A background transaction (a first sync's slice of writes, up to two seconds long): on SQLite, whose
// one connection it holds, the console's reads run between its statements and see what it wrote so far,
// writers wait for its commit and it can tell they wait; an ordinary transaction still keeps everyone
// waiting. On PostgreSQL it is an ordinary transaction beside the pool's other connections.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useOpenedDatabase } from '../helpers/database.js';

const opened = useOpenedDatabase();

/** A promise and the function that resolves it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

/** Whether `p` settles within a few turns of the event loop (SQLite answers within the turn it runs in). */
async function settlesSoon(p: Promise<unknown>, ms = 30): Promise<boolean> {
  let settled = false;
  void p.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((r) => setTimeout(r, ms));
  return settled;
}

describe('background transactions', () => {
  beforeAll(async () => {
    await sql`create table bg_probe (id integer primary key, note varchar(20) not null)`.execute(opened.db.kysely);
  });
  afterAll(async () => {
    await sql`drop table if exists bg_probe`.execute(opened.db.kysely);
  });

  const count = async () => Number((await sql<{ n: number }>`select count(*) as n from bg_probe`.execute(opened.db.kysely)).rows[0]!.n);
  const insert = (id: number) => sql`insert into bg_probe (id, note) values (${id}, ${'外'})`.execute(opened.db.kysely);

  it('let reads through while they hold the database; writers wait for the commit and are seen waiting', async () => {
    const { db } = opened;
    await sql`delete from bg_probe`.execute(db.kysely);
    const wrote = gate();
    const finish = gate();
    const done = db.backgroundTransaction(async (trx) => {
      await sql`insert into bg_probe (id, note) values (1, ${'同步'})`.execute(trx);
      wrote.open();
      await finish.opened;
      await sql`insert into bg_probe (id, note) values (2, ${'同步'})`.execute(trx);
    });
    await wrote.opened;
    // Whatever fails below, the transaction ends, so the tests after this one do not wait on its locks.
    let outside: Promise<unknown> = Promise.resolve();
    let returning: Promise<{ rows: Array<{ id: number }> }> = Promise.resolve({ rows: [] });
    try {
      // A read answers while the transaction is open: on SQLite within the turn it runs in, seeing the row
      // written so far; on PostgreSQL on another connection (made now, a few round trips: not timed), seeing
      // what was committed.
      if (db.dialect === 'sqlite') expect(await settlesSoon(count())).toBe(true);
      expect(await count()).toBe(db.dialect === 'sqlite' ? 1 : 0);

      outside = insert(3);
      // A write that returns rows is a writer too (better-sqlite3 calls it a reader).
      returning = sql<{ id: number }>`insert into bg_probe (id, note) values (4, ${'外'}) returning id`.execute(db.kysely);
      if (db.dialect === 'sqlite') {
        expect(await settlesSoon(outside)).toBe(false);
        expect(await settlesSoon(returning)).toBe(false);
        expect(db.writersWaiting()).toBe(true);
      }
    } finally {
      finish.open();
      await done;
    }
    await outside;
    expect((await returning).rows).toEqual([{ id: 4 }]);
    expect(db.writersWaiting()).toBe(false);
    expect(await count()).toBe(4);
  });

  it('rolled back, leave nothing, and the change mark moves past what a read saw of them', async () => {
    const { db } = opened;
    await sql`delete from bg_probe`.execute(db.kysely);
    const wrote = gate();
    const finish = gate();
    let markDuring = '';
    const done = db.backgroundTransaction(async (trx) => {
      await sql`insert into bg_probe (id, note) values (1, ${'同步'})`.execute(trx);
      wrote.open();
      await finish.opened;
      throw new Error('同步中断');
    });
    await wrote.opened;
    if (db.dialect === 'sqlite') expect(await count()).toBe(1);
    markDuring = await db.changeMark();
    finish.open();
    await expect(done).rejects.toThrow('同步中断');
    expect(await count()).toBe(0);
    expect(await db.changeMark()).not.toBe(markDuring);
  });

  it('an ordinary transaction keeps reads waiting on SQLite, as before', async () => {
    const { db } = opened;
    await sql`delete from bg_probe`.execute(db.kysely);
    const wrote = gate();
    const finish = gate();
    const done = db.kysely.transaction().execute(async (trx) => {
      await sql`insert into bg_probe (id, note) values (1, ${'事务'})`.execute(trx);
      wrote.open();
      await finish.opened;
    });
    await wrote.opened;
    const read = count();
    if (db.dialect === 'sqlite') {
      expect(await settlesSoon(read)).toBe(false);
      finish.open();
      await done;
      expect(await read).toBe(1);
    } else {
      // Beside the transaction, on another connection: what was committed before it.
      expect(await read).toBe(0);
      finish.open();
      await done;
    }
  });
});
