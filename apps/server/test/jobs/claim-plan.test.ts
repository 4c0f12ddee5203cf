// A claim must cost the same however many done jobs the table holds. Written as UPDATE … WHERE id IN
// (SELECT …), SQLite planned it as a scan of the whole job table whenever its statistics were taken
// while the table was small (a new install's: every claim of the callback bench read 7,400 rows). SQLite
// now chooses the ids by the queue's index and updates them one by one, by key (a list of ids was
// planned as a scan too).
import { expect, test } from 'vitest';
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

