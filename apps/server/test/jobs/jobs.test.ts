// The durable job system on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): idempotency
// and singleton keys, retries with back-off, permanent failures, leases taken over after a process
// dies, two queues sharing one table without running a job twice, and enqueueing in a transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrations.js';
import { JobQueue, PermanentFailure, RetryLater } from '../../src/jobs/job-queue.js';
import { JobRepository } from '../../src/jobs/job.repository.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const quiet = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet } as unknown as FastifyBaseLogger;
const options = { concurrency: 4, leaseMs: 1000, pollMs: 50 };

let test: TestDatabase;
let database: Database;
const extra: Database[] = [];
const queues: JobQueue[] = [];

function open(): Database {
  const d = openDatabase({ dataDir: test.env.DATA_DIR, databaseUrl: test.env.DATABASE_URL });
  extra.push(d);
  return d;
}

function queue(db = database, opts = options): JobQueue {
  const q = new JobQueue(new JobRepository(db), opts, quiet);
  queues.push(q);
  return q;
}

const job = (id: number) => database.kysely.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Blocks the event loop, as a long synchronous step does: no timer fires, no lease is renewed. */
function stall(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end);
}
/** Runs `work` while callbacks keep arriving in numbers (`q` pressed every 20 ms). */
async function pressedDuring(q: JobQueue, work: () => Promise<void>): Promise<void> {
  q.press();
  const pressing = setInterval(() => q.press(), 20);
  try {
    await work();
  } finally {
    clearInterval(pressing);
  }
}
/** Waits until `done()`, two seconds at most. */
async function soon(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
}
/** A queue's reaper, run now rather than on its timer. */
const reap = (q: JobQueue) => (q as unknown as { requeueLapsed(): Promise<void> }).requeueLapsed();
let seq = 0;
const kind = (name: string) => `${name}_${++seq}`;

beforeAll(async () => {
  test = await createTestDatabase({ migrated: true });
  database = openDatabase({ dataDir: test.env.DATA_DIR, databaseUrl: test.env.DATABASE_URL });
  await migrateToLatest(database.kysely, database.dialect);
});

afterAll(async () => {
  for (const q of queues) await q.stop();
  for (const d of extra) await d.close();
  await database.close();
  await test.drop();
});

describe('keys', () => {
  it('runs a job with an idempotency key once, even when enqueued again after it is done', async () => {
    const q = queue();
    const k = kind('idem');
    const runs: number[] = [];
    q.register<{ n: number }>(k, { run: async ({ payload }) => void runs.push(payload.n) });
    await q.start();
    const first = await q.enqueue(k, { n: 1 }, { idempotencyKey: 'welcome:1' });
    expect(first).toBeGreaterThan(0);
    expect(await q.enqueue(k, { n: 2 }, { idempotencyKey: 'welcome:1' })).toBeNull();
    await q.idle([k]);
    expect(await q.enqueue(k, { n: 3 }, { idempotencyKey: 'welcome:1' })).toBeNull();
    await q.idle([k]);
    expect(runs).toEqual([1]);
    expect((await job(first!)).status).toBe('done');
    await q.stop();
  });

  it('keeps one queued job per singleton key and never runs two at once', async () => {
    const q = queue();
    const k = kind('single');
    let running = 0;
    let most = 0;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    q.register(k, {
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        runs += 1;
        if (runs === 1) await gate;
        running -= 1;
      },
    });
    await q.start();
    expect(await q.enqueue(k, {}, { singletonKey: 'sync:1' })).toBeGreaterThan(0);
    // Wait until the first one runs, then queue more: one more is kept, the rest add nothing.
    for (let i = 0; i < 100 && runs === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await q.enqueue(k, {}, { singletonKey: 'sync:1' })).toBeGreaterThan(0);
    expect(await q.enqueue(k, {}, { singletonKey: 'sync:1' })).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    expect(runs).toBe(1);
    release();
    await q.idle([k]);
    expect(runs).toBe(2);
    expect(most).toBe(1);
    await q.stop();
  });
});

describe('failures', () => {
  it('retries with back-off, gives up after maxAttempts and tells the kind', async () => {
    const q = queue();
    const k = kind('flaky');
    const seen: number[] = [];
    const failed: string[] = [];
    q.register<{ ok: number }>(k, {
      maxAttempts: 3,
      backoff: () => 20,
      run: async ({ payload, attempt }) => {
        seen.push(attempt);
        if (attempt < payload.ok) throw new Error(`boom ${attempt}`);
      },
      onFailed: async (_ctx, error) => void failed.push(error),
    });
    await q.start();
    const a = await q.enqueue(k, { ok: 2 });
    const b = await q.enqueue(k, { ok: 9 });
    for (let i = 0; i < 100; i++) {
      const [ja, jb] = [await job(a!), await job(b!)];
      if (ja.status === 'done' && jb.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await job(a!)).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    expect(await job(b!)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
    expect(failed).toEqual(['boom 3']);
    await q.stop();
  });

  it('honours RetryLater and stops at once on PermanentFailure', async () => {
    const q = queue();
    const k = kind('explicit');
    const times: number[] = [];
    q.register<{ mode: string }>(k, {
      run: async ({ payload, attempt }) => {
        times.push(Date.now());
        if (payload.mode === 'later' && attempt === 1) throw new RetryLater('not yet', 300);
        if (payload.mode === 'never') throw new PermanentFailure('永远不会成功');
      },
    });
    await q.start();
    const later = await q.enqueue(k, { mode: 'later' });
    const never = await q.enqueue(k, { mode: 'never' });
    await q.idle([k]);
    expect((await job(later!)).status).toBe('queued');
    await new Promise((r) => setTimeout(r, 400));
    await q.idle([k]);
    expect(await job(later!)).toMatchObject({ status: 'done', attempts: 2 });
    expect(times[times.length - 1]! - times[0]!).toBeGreaterThanOrEqual(290);
    expect(await job(never!)).toMatchObject({ status: 'failed', attempts: 1, last_error: '永远不会成功' });
    await q.stop();
  });
});

describe('slots', () => {
  it('keeps a slot for urgent work while ordinary jobs fill the rest', async () => {
    const q = queue(database, { concurrency: 4, leaseMs: 1000, pollMs: 20 });
    const slow = kind('slow');
    const urgent = kind('urgent');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let slowRunning = 0;
    let urgentDoneWhileSlowRan = false;
    q.register(slow, { run: async () => { slowRunning += 1; await gate; slowRunning -= 1; } });
    q.register(urgent, { run: async () => void (urgentDoneWhileSlowRan = slowRunning > 0) });
    for (let i = 0; i < 10; i++) await q.enqueue(slow, {}, { priority: 1 });
    await q.start();
    for (let i = 0; i < 100 && slowRunning < 3; i++) await new Promise((r) => setTimeout(r, 10));
    // Three of four slots: the fourth stays free for urgent work.
    await new Promise((r) => setTimeout(r, 100));
    expect(slowRunning).toBe(3);
    await q.enqueue(urgent, {}, { priority: 10 });
    await q.idle([urgent]);
    expect(urgentDoneWhileSlowRan).toBe(true);
    release();
    await q.idle([slow]);
    await q.stop();
  });

  /** Ten ordinary jobs that each run until `release()`: how many run now, and the most that ran at once. */
  async function gatedJobs() {
    const q = queue(database, { concurrency: 4, leaseMs: 1000, pollMs: 20 });
    const slow = kind('slow');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const count = { running: 0, most: 0 };
    q.register(slow, { run: async () => { count.running += 1; count.most = Math.max(count.most, count.running); await gate; count.running -= 1; } });
    for (let i = 0; i < 10; i++) await q.enqueue(slow, {}, { priority: 1 });
    return { q, count, done: async () => (release(), await q.idle([slow]), await q.stop()) };
  }

  it('gives ordinary work one slot while pressed (callbacks arriving in numbers), and its whole room once they ease', async () => {
    const { q, count, done } = await gatedJobs();
    try {
      await pressedDuring(q, async () => {
        await q.start();
        await soon(() => count.running >= 1);
        await new Promise((r) => setTimeout(r, 150));
        expect(count.most).toBe(1);
      });
      // No longer pressed: three of four slots, as before.
      await soon(() => count.running >= 3);
      expect(count.running).toBe(3);
    } finally {
      await done();
    }
  });

  it('presses for a callback that arrives while the event loop is busy, and not for one that arrives while it idles', async () => {
    const { q, count, done } = await gatedJobs();
    // The loop busy most of the time: each arrival presses, and ordinary work keeps to one slot.
    stall(60);
    q.pressIfBusy();
    let arrivals = setInterval(() => (stall(25), q.pressIfBusy()), 5);
    try {
      await q.start();
      await soon(() => count.running >= 1);
      await new Promise((r) => setTimeout(r, 150));
      expect(count.most).toBe(1);
      // The loop idle: an arrival changes nothing, and ordinary work takes its three slots.
      clearInterval(arrivals);
      arrivals = setInterval(() => q.pressIfBusy(), 60);
      await soon(() => count.running >= 3);
      expect(count.running).toBe(3);
    } finally {
      clearInterval(arrivals);
      await done();
    }
  });

  it('while pressed, rests the ordinary slot as long as its last job ran: ordinary work has half the time at most', async () => {
    const q = queue(database, { concurrency: 4, leaseMs: 1000, pollMs: 20 });
    const slow = kind('slow');
    const runs: Array<{ start: number; end: number }> = [];
    q.register(slow, {
      run: async () => {
        const start = Date.now();
        await new Promise((r) => setTimeout(r, 150));
        runs.push({ start, end: Date.now() });
      },
    });
    await pressedDuring(q, async () => {
      for (let i = 0; i < 3; i++) await q.enqueue(slow, {}, { priority: 1 });
      await q.start();
      await soon(() => runs.length >= 2);
      expect(runs.length).toBeGreaterThanOrEqual(2);
      // One at a time, and the next began only after a rest as long as the first job's run.
      expect(runs[1]!.start - runs[0]!.end).toBeGreaterThanOrEqual(140);
    });
    await q.idle([slow]);
    expect(runs).toHaveLength(3);
    await q.stop();
  });

  /**
   * While pressed: a long ordinary job (`run`), and another queued once the long one has begun or ended;
   * when each began and ended.
   */
  async function longThenNext(run: () => Promise<unknown>, queueNext: 'once it began' | 'once it ended') {
    const q = queue(database, { concurrency: 4, leaseMs: 5000, pollMs: 20 });
    const [long, next] = [kind('long'), kind('next')];
    const at = { longStarted: 0, longEnded: 0, nextStarted: 0 };
    q.register(long, { run: async () => void ((at.longStarted = Date.now()), await run(), (at.longEnded = Date.now())) });
    q.register(next, { run: async () => void (at.nextStarted = Date.now()) });
    await pressedDuring(q, async () => {
      await q.enqueue(long, {}, { priority: 1 });
      await q.start();
      await soon(() => (queueNext === 'once it began' ? at.longStarted : at.longEnded) > 0);
      await q.enqueue(next, {}, { priority: 1 });
      await soon(() => at.nextStarted > 0);
    });
    return { at, done: async () => (await q.idle([long, next]), await q.stop()) };
  }

  it('after a long ordinary job (a first sync) rests a quarter of a second, not as long as the job ran', async () => {
    const { at, done } = await longThenNext(() => new Promise((r) => setTimeout(r, 1200)), 'once it ended');
    try {
      expect(at.nextStarted).toBeGreaterThan(0);
      expect(at.nextStarted - at.longEnded).toBeLessThan(800);
    } finally {
      await done();
    }
  });

  it('while pressed, a long ordinary job stops holding the one slot after a second: the next runs beside it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { at, done } = await longThenNext(() => gate, 'once it began');
    release();
    try {
      // While the long one still ran, and not before it had its second.
      expect(at.nextStarted).toBeGreaterThan(0);
      expect(at.nextStarted - at.longStarted).toBeGreaterThanOrEqual(950);
    } finally {
      await done();
    }
  });

  // On SQLite the finishes of jobs released together are written in the same turn of the event loop; on
  // PostgreSQL each comes back on its own connection, in a turn of its own.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('fills the slots that came free together with one claim, not one claim a slot', async () => {
    const repo = new JobRepository(database);
    const q = new JobQueue(repo, { concurrency: 4, leaseMs: 1000, pollMs: 60_000 }, quiet);
    queues.push(q);
    const k = kind('together');
    let release!: () => void;
    let gate = new Promise<void>((r) => (release = r));
    let running = 0;
    q.register(k, { run: async () => { running += 1; await gate; running -= 1; } });
    for (let i = 0; i < 8; i++) await q.enqueue(k, {}, { priority: 10 });
    await q.start();
    for (let i = 0; i < 100 && running < 4; i++) await new Promise((r) => setTimeout(r, 10));
    expect(running).toBe(4);
    const claims: number[] = [];
    const claim = repo.claim.bind(repo);
    repo.claim = async (opts) => {
      const jobs = await claim(opts);
      claims.push(jobs.length);
      return jobs;
    };
    const first = release;
    gate = new Promise<void>((r) => (release = r));
    first();
    for (let i = 0; i < 100 && (running < 4 || !claims.length); i++) await new Promise((r) => setTimeout(r, 10));
    // The four that ended freed their slots before the claim: the next four came in one claim.
    expect(running).toBe(4);
    expect(claims).toEqual([4]);
    release();
    await q.idle([k]);
    await q.stop();
  });

  it('while pressed, claims urgent work at the kick that brings it, though kicks that bring ordinary work only no longer look for it', async () => {
    // No poll within the test: only kicks can find the work.
    const q = queue(database, { concurrency: 4, leaseMs: 5000, pollMs: 60_000 });
    const [slow, urgent] = [kind('slow'), kind('urgent')];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const urgentRuns: string[] = [];
    q.register(slow, { run: () => gate });
    q.register(urgent, { priority: 9, run: async ({ payload }) => void (await new Promise((r) => setTimeout(r, 100)), urgentRuns.push((payload as { n: string }).n)) });
    const inTransaction = (k: string, payloads: object[]) =>
      database.kysely.transaction().execute(async (trx) => {
        for (const p of payloads) await q.enqueue(k, p, { trx, singletonKey: k === urgent ? 'one-at-a-time' : undefined });
      });
    try {
      await pressedDuring(q, async () => {
        await q.enqueue(slow, {}, { priority: 1 });
        await q.start();
        await new Promise((r) => setTimeout(r, 100));
        // Ordinary work only, as a batch of edited customers' re-reads brings.
        await inTransaction(slow, [{}, {}]);
        q.kick({ urgent: false });
        await new Promise((r) => setTimeout(r, 100));
        // Urgent work, written in a transaction and kicked after the commit.
        await inTransaction(urgent, [{ n: 'a' }]);
        q.kick();
        // b shares a's singleton key: the claim at its kick passes it over while a runs; a's end claims it.
        await new Promise((r) => setTimeout(r, 30));
        await inTransaction(urgent, [{ n: 'b' }]);
        q.kick();
        await soon(() => urgentRuns.length === 2);
        expect(urgentRuns).toEqual(['a', 'b']);
      });
    } finally {
      release();
      await q.idle([slow, urgent]);
      await q.stop();
    }
  });

  it("holds a kind to its own concurrency, also when one claim finds more of its jobs due than that", async () => {
    const q = queue(database, { concurrency: 8, leaseMs: 5000, pollMs: 20 });
    const [paced, other] = [kind('paced'), kind('other')];
    const count = { running: 0, most: 0, done: 0 };
    q.register(paced, {
      concurrency: 2,
      run: async () => {
        count.running += 1;
        count.most = Math.max(count.most, count.running);
        await new Promise((r) => setTimeout(r, 50));
        count.running -= 1;
        count.done += 1;
      },
    });
    let others = 0;
    q.register(other, { run: async () => void (others += 1) });
    for (let i = 0; i < 6; i++) await q.enqueue(paced, {}, { priority: 5 });
    for (let i = 0; i < 3; i++) await q.enqueue(other, {}, { priority: 1 });
    await q.start();
    await q.idle([paced, other]);
    expect(count).toMatchObject({ most: 2, done: 6 });
    expect(others).toBe(3);
    // A job handed back unrun kept its attempts: each ran once and counts one.
    const rows = await database.kysely.selectFrom('job').select(['status', 'attempts']).where('kind', '=', paced).execute();
    expect(rows).toEqual(Array.from({ length: 6 }, () => ({ status: 'done', attempts: 1 })));
    await q.stop();
  });

  it('runs ordinary work with a single slot (JOB_CONCURRENCY=1): there is none to keep', async () => {
    const q = queue(database, { concurrency: 1, leaseMs: 1000, pollMs: 20 });
    const ordinary = kind('ordinary');
    const urgent = kind('urgent');
    const ran: string[] = [];
    q.register(ordinary, { run: async () => void ran.push('ordinary') });
    q.register(urgent, { run: async () => void ran.push('urgent') });
    await q.enqueue(ordinary, {}, { priority: 1 });
    await q.enqueue(urgent, {}, { priority: 10 });
    await q.start();
    await q.idle([ordinary, urgent]);
    // Urgent first all the same.
    expect(ran).toEqual(['urgent', 'ordinary']);
    await q.stop();
  });
});

describe('processes', () => {
  it('takes over a job whose process died once its lease lapses', async () => {
    const k = kind('orphan');
    const q = queue();
    const done: number[] = [];
    q.register(k, { run: async ({ job: j }) => void done.push(j.id) });
    const id = (await q.enqueue(k, {}))!;
    // Another process claimed it and died without a word: it stays "running" under its lease.
    const [claimed] = await q.repo.claim({ owner: 'dead-process', now: Date.now(), leaseMs: 600, limit: 1, excludeKinds: [] });
    expect(claimed!.id).toBe(id);
    if (database.dialect === 'sqlite') {
      // SQLite serves one process: at start, what a stopped process left running is due at once.
      await q.start();
      await q.idle([k]);
    } else {
      await q.start();
      await new Promise((r) => setTimeout(r, 150));
      expect(done).toEqual([]);
      await new Promise((r) => setTimeout(r, 600));
      await q.idle([k]);
    }
    expect(done).toEqual([id]);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 2 });
    await q.stop();
  });

  it('lets two queues on their own connections share work without running a job twice', async () => {
    const k = kind('shared');
    const runs = new Map<number, number>();
    const by = new Map<string, number>();
    const make = () => {
      const q = queue(open(), { concurrency: 4, leaseMs: 2000, pollMs: 20 });
      q.register<{ n: number }>(k, {
        run: async ({ payload }) => {
          runs.set(payload.n, (runs.get(payload.n) ?? 0) + 1);
          by.set(q.owner, (by.get(q.owner) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 2));
        },
      });
      return q;
    };
    const [a, b] = [make(), make()];
    for (let n = 0; n < 200; n++) await a.enqueue(k, { n });
    await Promise.all([a.start(), b.start()]);
    await a.idle([k]);
    await b.idle([k]);
    expect(runs.size).toBe(200);
    expect([...runs.values()].every((v) => v === 1)).toBe(true);
    if (database.dialect === 'postgres') expect(by.size).toBe(2);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('keeps the running jobs of a process whose event loop stalled past the lease', async () => {
    const q = queue();
    const k = kind('stalled');
    let runs = 0;
    q.register(k, {
      run: async () => {
        runs += 1;
        if (runs > 1) return;
        stall(2500);
        // Once the loop is free, the reaper's timer may fire before the renewal's: let it go first.
        await reap(q);
        await new Promise((r) => setTimeout(r, 300));
      },
    });
    await q.start();
    const id = (await q.enqueue(k, {}))!;
    await q.idle([k]);
    expect(runs).toBe(1);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 1, fence: 1 });
    await q.stop();
  });

  it('drops the result of a run whose job another process took over after a stall', async () => {
    const k = kind('fenced');
    const results: string[] = [];
    const failed: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const make = (name: string, first: boolean) => {
      const q = queue(open(), { concurrency: 2, leaseMs: 1000, pollMs: 20 });
      q.register(k, {
        maxAttempts: 1,
        run: async ({ held }) => {
          if (first) {
            results.push(`${name} started`);
            await gate;
            results.push(`${name} held=${await held()}`);
            throw new Error('the old run fails late');
          }
          results.push(`${name} done`);
        },
        onFailed: async () => void failed.push(name),
      });
      return q;
    };
    const a = make('a', true);
    const b = make('b', false);
    await a.start();
    const id = (await a.enqueue(k, {}))!;
    for (let i = 0; i < 200 && !results.length; i++) await new Promise((r) => setTimeout(r, 10));
    // Process a stalls past its lease (its timers stop: here, in one test process, its renewals stop)
    // and process b's reaper takes the job over.
    (a as unknown as { renew(): Promise<void> }).renew = async () => {};
    await new Promise((r) => setTimeout(r, 1600));
    await reap(b);
    await b.start();
    await b.idle([k]);
    release();
    await a.idle([k]);
    expect(results).toEqual(['a started', 'b done', 'a held=false']);
    // The late failure of the old run changed nothing: b's result stands.
    expect(await job(id)).toMatchObject({ status: 'done', fence: 2, last_error: null });
    expect(failed).toEqual([]);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('adds a job enqueued in a transaction only if the transaction commits', async () => {
    const q = queue();
    const k = kind('trx');
    q.register(k, { run: async () => {} });
    await database.kysely
      .transaction()
      .execute(async (trx) => {
        await q.enqueue(k, {}, { trx, idempotencyKey: 'trx:1' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await database.kysely.selectFrom('job').select('id').where('kind', '=', k).execute()).toEqual([]);
    await database.kysely.transaction().execute((trx) => q.enqueue(k, {}, { trx, idempotencyKey: 'trx:1' }));
    expect(await database.kysely.selectFrom('job').select('id').where('kind', '=', k).execute()).toHaveLength(1);
  });
});
