// A claim must cost the same however many done jobs the table holds. Written as UPDATE … WHERE id IN
// (SELECT …), SQLite planned it as a scan of the whole job table whenever its statistics were taken
// while the table was small (a new install's: every claim of the callback bench read 7,400 rows). SQLite
// now chooses the ids by the queue's index and updates them one by one, by key (a list of ids was
// planned as a scan too).
import { expect, test } from 'vitest';
import { CallbackEventRepository } from '../../src/callback/callback-event.repository.js';
import { JobRepository } from '../../src/jobs/job.repository.js';
import { usePlanDatabase } from '../helpers/query-plans.js';

const plans = usePlanDatabase();

test('a claim takes the due jobs, urgent first, finding them by key among thousands of done ones', async () => {
  const { db } = plans;
  const now = Date.now();
  const row = (i: number, status: 'done' | 'queued', priority = 0) => ({
    kind: 'probe', work_space_id: null, payload: JSON.stringify({ i }), idempotency_key: null, singleton_key: null, status, priority,
    run_at: now - 1000 + i, attempts: 0, max_attempts: 3, locked_by: null, locked_until: null, last_error: null, created_at: now, updated_at: now,
    finished_at: status === 'done' ? now : null,
  });
  // Statistics taken while the table held a few jobs, as a new install's are (a server's first minutes).
  await db.kysely.insertInto('job').values(Array.from({ length: 4 }, (_, i) => row(-10 + i, 'done'))).execute();
  if (db.sqlite) db.sqlite.exec('analyze');
  for (let start = 0; start < 3000; start += 500) await db.kysely.insertInto('job').values(Array.from({ length: 500 }, (_, i) => row(start + i, 'done'))).execute();
  await db.kysely.insertInto('job').values([row(1, 'queued'), row(2, 'queued', 9), row(3, 'queued'), row(4, 'queued')]).execute();

  const jobs = new JobRepository({ ...db, kysely: plans.logged });
  const claimed = await jobs.claim({ owner: 'probe', now, leaseMs: 30_000, limit: 3, excludeKinds: [] });
  // The urgent one and the two due first; the fourth stays queued.
  expect(claimed.map((j) => [JSON.parse(j.payload).i, j.status, j.locked_by, j.fence]).sort()).toEqual([
    [1, 'running', 'probe', 1],
    [2, 'running', 'probe', 1],
    [3, 'running', 'probe', 1],
  ]);
  expect(Object.keys(claimed[0]!).sort()).toEqual(Object.keys(await db.kysely.selectFrom('job').selectAll().executeTakeFirstOrThrow()).sort());

  const claim = plans.run.find((q) => /^\s*update job/i.test(q.sql))!;
  const plan = await plans.explain(claim);
  expect(plan).not.toMatch(/^SCAN job\b/m);
  if (db.sqlite) {
    // SQLite: the ids are chosen by the queue's index, then their rows are updated by key.
    expect(plan).toMatch(/SEARCH job USING INTEGER PRIMARY KEY/);
    const chosen = plans.run.find((q) => /^\s*select j\.id from job j/i.test(q.sql))!;
    expect(await plans.explain(chosen)).toMatch(/SCAN j USING INDEX job_queue_idx/);
  }
});


test('the job loop finds running, lapsed, pending and old jobs without reading the done ones', async () => {
  const { db } = plans;
  const now = Date.now();
  const row = (i: number, status: 'done' | 'queued' | 'running', lockedUntil: number | null = null) => ({
    kind: 'callback', work_space_id: null, payload: '{}', idempotency_key: null, singleton_key: `callback:${100_000 + i}`, status, priority: 0,
    run_at: now - 1000, attempts: 1, max_attempts: 3, locked_by: status === 'running' ? 'probe' : null, locked_until: lockedUntil, last_error: null,
    created_at: now, updated_at: now, finished_at: status === 'done' ? now - 10 * 86_400_000 + i : null,
  });
  // (The test above left its own jobs queued and running.)
  const pendingBefore = await new JobRepository(db).countPending(now);
  for (let start = 0; start < 3000; start += 500) await db.kysely.insertInto('job').values(Array.from({ length: 500 }, (_, i) => row(start + i, 'done'))).execute();
  await db.kysely.insertInto('job').values([row(5001, 'queued'), row(5002, 'running', now + 60_000), row(5003, 'running', now - 1)]).execute();
  const event = (i: number) => ({
    id: i, work_space_id: 1, dedupe_key: `plan:${i}`, raw_xml: '<xml/>', received_at: now - 3_600_000, processed_at: null, next_attempt_at: now - 1, attempts: 0, error: null,
  });
  await db.kysely.insertInto('callback_event').values([100_000, 105_001, 105_002, 105_004].map(event)).execute();
  if (db.sqlite) db.sqlite.exec('analyze');

  const logged = { ...db, kysely: plans.logged };
  const jobs = new JobRepository(logged);
  const events = new CallbackEventRepository(logged);
  const from = plans.run.length;
  expect(await jobs.active('callback:105001')).toBe(true); // queued
  expect(await jobs.active('callback:105002')).toBe(true); // running
  expect(await jobs.active('callback:100000')).toBe(false); // done
  expect(await jobs.countPending(now)).toBe(pendingBefore + 3);
  // An event whose job is done (100000, a day old here) or gone (105004) is an orphan; one with a job
  // queued or running is not.
  const orphans = await events.orphans(now, now);
  expect(orphans.length).toBe(2);
  expect(await jobs.requeueLapsed(now)).toBe(1); // the running job whose lease ran out
  expect(await jobs.purge(now, 7 * 86_400_000, 30 * 86_400_000)).toBeGreaterThan(0);

  for (const q of plans.run.slice(from)) {
    if (!/\bjob\b/.test(q.sql)) continue;
    const plan = await plans.explain(q);
    // SQLite may walk a partial index (it holds only jobs of one status), never the table or a full
    // index (`SCAN callback_event` is the orphans' own table); PostgreSQL, with sequential scans
    // forbidden, shows a Seq Scan only where no index can serve.
    expect(plan, q.sql).not.toMatch(/^SCAN job(?! USING (COVERING )?INDEX job_(queue|running|singleton_running|finished)_idx\b| USING (COVERING )?INDEX job_singleton_queued_uq\b)|Seq Scan on job\b/m);
  }
});
