// SQL of the durable job table. A claim is one UPDATE … FROM (SELECT … FOR UPDATE SKIP LOCKED)
// on PostgreSQL, so processes sharing the database never take the same job; SQLite runs one process,
// whose writes are serial anyway (the due ids read, then each row taken by key). A claimed job holds a
// lease that its runner renews; a job whose lease ran out (its process died) is claimed again. Each
// claim takes the next `fence`: renewals and results are written only `WHERE id = ? AND fence = ?`, so
// a run that lost its job (its process stalled past the lease) changes nothing.
import { sql, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database, DialectName } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import { batchStatement, statement } from '../db/statement.js';
import type { DB, JobTable } from '../db/tables.js';

export type Job = Selectable<JobTable>;

/** A job's columns, named: SQLite's RETURNING of an UPDATE … FROM takes no `job.*`. */
const JOB_COLUMNS = [
  'id', 'kind', 'work_space_id', 'payload', 'idempotency_key', 'singleton_key', 'status', 'priority', 'run_at', 'attempts',
  'max_attempts', 'locked_by', 'locked_until', 'fence', 'last_error', 'created_at', 'updated_at', 'finished_at',
] as const satisfies ReadonlyArray<keyof JobTable>;
// Every column named: a column added to the table and not here fails the typecheck.
const allJobColumns: Exclude<keyof JobTable, (typeof JOB_COLUMNS)[number]> extends never ? true : never = true;
void allJobColumns;

export interface NewJob {
  kind: string;
  payload: unknown;
  workSpaceId?: number | null;
  idempotencyKey?: string;
  singletonKey?: string;
  runAt: number;
  priority?: number;
  maxAttempts?: number;
}

type Executor = Database['kysely'] | Transaction<DB>;

const jobColumns = (table: string) => sql.join(JOB_COLUMNS.map((c) => sql.ref(`${table}${c}`)));

/**
 * The queued jobs to take next: only queued rows are looked at (an index on status, priority, run_at):
 * done rows pile up and must cost nothing. Jobs whose process died are put back in the queue by
 * `requeueLapsed`. SQLite's planner, without statistics, would take the status index and sort every
 * queued row. `lock`: PostgreSQL's, for processes sharing the table to skip each other's rows.
 */
const due = (opts: { postgres: boolean; now: unknown; limit: unknown; minPriority?: unknown; excludeKinds?: string[]; lock?: boolean }) => sql`
    select j.id from job j ${opts.postgres ? sql`` : sql`indexed by job_queue_idx`}
    where j.status = 'queued' and j.run_at <= ${opts.now}
      ${opts.excludeKinds?.length ? sql`and j.kind not in (${sql.join(opts.excludeKinds)})` : sql``}
      ${opts.minPriority !== undefined ? sql`and j.priority >= ${opts.minPriority}` : sql``}
      and (j.singleton_key is null or not exists (
        select 1 from job r where r.singleton_key = j.singleton_key and r.status = 'running'))
    order by j.priority desc, j.run_at, j.id
    limit ${opts.limit}
    ${opts.lock ? sql`for update skip locked` : sql``}`;

interface NewJobValues {
  kind: string;
  work_space_id: number | null;
  payload: string;
  idempotency_key: string | null;
  singleton_key: string | null;
  priority: number;
  run_at: number;
  max_attempts: number;
  now: number;
}
const newJobRow = (v: NewJobValues) => ({
  kind: v.kind,
  work_space_id: v.work_space_id,
  payload: v.payload,
  idempotency_key: v.idempotency_key,
  singleton_key: v.singleton_key,
  status: 'queued' as const,
  priority: v.priority,
  run_at: v.run_at,
  attempts: 0,
  max_attempts: v.max_attempts,
  locked_by: null,
  locked_until: null,
  last_error: null,
  created_at: v.now,
  updated_at: v.now,
  finished_at: null,
});
/** Adds jobs unless their keys say they exist (built once per number of jobs). */
const insertJobs = batchStatement((db, rows: NewJobValues[]) =>
  db
    .insertInto('job')
    .values(rows.map(newJobRow))
    .onConflict((oc) => oc.doNothing())
    .returning('id'),
);
const take = (v: { owner: string; now: unknown; until: unknown }) => sql`status = 'running', locked_by = ${v.owner}, locked_until = ${v.until},
    attempts = attempts + 1, fence = fence + 1, updated_at = ${v.now}`;
/** PostgreSQL's claim, one statement: processes sharing the table skip each other's locked rows. */
const claimAll = (v: { owner: string; now: unknown; until: unknown; limit: unknown; minPriority?: unknown; excludeKinds?: string[] }) => sql<Job>`
    update job set ${take(v)}
    from (${due({ postgres: true, now: v.now, limit: v.limit, minPriority: v.minPriority, excludeKinds: v.excludeKinds, lock: true })}) as chosen
    where job.id = chosen.id
    returning ${jobColumns('job.')}`;
type ClaimValues = { owner: string; now: number; until: number; limit: number };
const claimAny = statement((_, v: ClaimValues) => claimAll({ owner: v.owner, now: v.now, until: v.until, limit: v.limit }));
const claimUrgent = statement((_, v: ClaimValues & { minPriority: number }) =>
  claimAll({ owner: v.owner, now: v.now, until: v.until, limit: v.limit, minPriority: v.minPriority }),
);
/** SQLite's claim: the due ids (every kind, or the urgent only), then each row by key. */
const dueIds = statement((_, v: { now: number; limit: number }) => due({ postgres: false, now: v.now, limit: v.limit }));
const dueUrgentIds = statement((_, v: { now: number; limit: number; minPriority: number }) =>
  due({ postgres: false, now: v.now, limit: v.limit, minPriority: v.minPriority }),
);
const takeOne = statement((_, v: { id: number; owner: string; now: number; until: number }) =>
  sql<Job>`update job set ${take(v)} where id = ${v.id} and status = 'queued' returning ${jobColumns('')}`,
);
/** A run's end: written only while the run holds the job (its fence). */
const finish = statement((db, v: { id: number; fence: number; status: string; now: number; error: string | null }) =>
  db
    .updateTable('job')
    .set({ status: v.status as JobTable['status'], finished_at: v.now, updated_at: v.now, locked_by: null, locked_until: null, last_error: v.error })
    .where('id', '=', v.id)
    .where('fence', '=', v.fence)
    .where('status', '=', 'running'),
);

export class JobRepository {
  constructor(private readonly database: Database) {}

  /** SQLite serves one process; PostgreSQL may be shared by several. */
  get dialect(): DialectName {
    return this.database.dialect;
  }

  private get db() {
    return this.database.kysely;
  }

  /**
   * Adds a job unless its idempotency key was ever used, or a job with its singleton key is already
   * queued. Returns the new id, or null when nothing was added.
   */
  async insert(job: NewJob, executor: Executor = this.db): Promise<number | null> {
    return (await this.insertMany([job], executor))[0] ?? null;
  }

  /** `insert` of several jobs in one statement; returns the ids of those added. */
  async insertMany(jobs: NewJob[], executor: Executor = this.db): Promise<number[]> {
    if (!jobs.length) return [];
    const now = Date.now();
    const rows = jobs.map((job) => ({
      kind: job.kind,
      work_space_id: job.workSpaceId ?? null,
      payload: JSON.stringify(job.payload ?? {}),
      idempotency_key: job.idempotencyKey?.slice(0, 255) ?? null,
      singleton_key: job.singletonKey?.slice(0, 255) ?? null,
      priority: job.priority ?? 0,
      run_at: job.runAt,
      max_attempts: job.maxAttempts ?? 8,
      now,
    }));
    try {
      return (await insertJobs.rows(executor, rows)).map((r) => r.id);
    } catch (err) {
      // PostgreSQL's ON CONFLICT DO NOTHING without a target covers the partial index too; this is a
      // safety net for a race the database reports anyway.
      if (isUniqueViolation(err) && jobs.length === 1) return [];
      throw err;
    }
  }

  /** Takes up to `limit` queued jobs that are due for `owner`, urgent first. */
  async claim(opts: { owner: string; now: number; leaseMs: number; limit: number; excludeKinds: string[]; minPriority?: number }): Promise<Job[]> {
    if (opts.limit <= 0) return [];
    const { owner, now, leaseMs, limit } = opts;
    const postgres = this.database.dialect === 'postgres';
    const until = now + leaseMs;
    const { minPriority, excludeKinds } = opts;
    if (postgres) {
      if (excludeKinds.length) return (await claimAll({ owner, now, until, limit, minPriority, excludeKinds }).execute(this.db)).rows;
      return minPriority !== undefined ? claimUrgent.rows(this.db, { owner, now, until, limit, minPriority }) : claimAny.rows(this.db, { owner, now, until, limit });
    }
    // SQLite (one process, whose pump makes one claim at a time): the due ids, then those rows by key, each
    // only if still queued — half the time of one UPDATE … FROM (SELECT …), which SQLite runs through a
    // materialized table (the claim was the acquisition chain's costliest statement), and an empty claim
    // is one read. A row at a time: a list of ids (`IN (…)`), like UPDATE … WHERE id IN (SELECT …), was
    // planned as a scan of the whole table whenever the statistics were taken while it was small
    // (test/jobs/claim-plan.test.ts).
    const rows = excludeKinds.length
      ? (await due({ postgres, now, limit, minPriority, excludeKinds }).execute(this.db)).rows
      : minPriority !== undefined
        ? await dueUrgentIds.rows(this.db, { now, limit, minPriority })
        : await dueIds.rows(this.db, { now, limit });
    const ids = rows.map((r) => (r as { id: number }).id);
    const update = async (executor: Executor) => {
      const jobs: Job[] = [];
      for (const id of ids) jobs.push(...(await takeOne.rows(executor, { id, owner, now, until })));
      return jobs;
    };
    return ids.length > 1 ? this.db.transaction().execute(update) : update(this.db);
  }

  /**
   * Jobs still marked running after their lease lapsed (their process died) go back in the queue, due
   * now; the claim that took them counted as an attempt. One whose singleton key has a job queued
   * already gives way to it. `alive`: jobs the calling process is running itself (whatever their lease
   * says: it is alive, only slow), never taken.
   */
  async requeueLapsed(now: number, alive: number[] = []): Promise<number> {
    let q = this.db.selectFrom('job').select(['id', 'singleton_key']).where('status', '=', 'running').where('locked_until', '<', now);
    if (alive.length) q = q.where('id', 'not in', alive);
    const lapsed = await q.execute();
    for (const row of lapsed) {
      try {
        await this.db
          .updateTable('job')
          .set({ status: 'queued', run_at: now, locked_by: null, locked_until: null, updated_at: now })
          .where('id', '=', row.id)
          .where('status', '=', 'running')
          .where('locked_until', '<', now)
          .execute();
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        await this.db
          .updateTable('job')
          .set({ status: 'cancelled', finished_at: now, updated_at: now, locked_by: null, locked_until: null })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return lapsed.length;
  }

  /** Extends the leases of these runs; returns `id:fence` of those whose run still holds its job. */
  async renew(runs: Array<{ id: number; fence: number }>, until: number): Promise<Set<string>> {
    if (!runs.length) return new Set();
    const rows = await this.db
      .updateTable('job')
      .set({ locked_until: until })
      .where((eb) => eb.or(runs.map((r) => eb.and([eb('id', '=', r.id), eb('fence', '=', r.fence)]))))
      .where('status', '=', 'running')
      .returning(['id', 'fence'])
      .execute();
    return new Set(rows.map((r) => `${r.id}:${r.fence}`));
  }

  /** Whether the run with this fence still holds the job. */
  async held(id: number, fence: number): Promise<boolean> {
    const row = await this.db.selectFrom('job').select('id').where('id', '=', id).where('fence', '=', fence).where('status', '=', 'running').executeTakeFirst();
    return Boolean(row);
  }

  /** True when the run still held the job. */
  async done(id: number, fence: number): Promise<boolean> {
    return (await finish.affected(this.db, { id, fence, status: 'done', now: Date.now(), error: null })) > 0;
  }

  /** For good: no more attempts. True when the run still held the job. */
  async fail(id: number, fence: number, error: string): Promise<boolean> {
    return (await finish.affected(this.db, { id, fence, status: 'failed', now: Date.now(), error: error.slice(0, 2000) })) > 0;
  }

  /**
   * Queued again at `runAt`; if a job with the same singleton key was queued meanwhile, this one gives
   * way. True when the run still held the job.
   */
  async retry(id: number, fence: number, error: string, runAt: number): Promise<boolean> {
    const now = Date.now();
    const finish = async (values: Updateable<JobTable>) => {
      const r = await this.db
        .updateTable('job')
        .set({ ...values, updated_at: now, locked_by: null, locked_until: null, last_error: error.slice(0, 2000) })
        .where('id', '=', id)
        .where('fence', '=', fence)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    };
    try {
      return await finish({ status: 'queued', run_at: runAt });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return finish({ status: 'cancelled', finished_at: now });
    }
  }

  /**
   * A claimed job that was not run (its kind had no room left in this process) goes back to the queue as it
   * was: the claim's attempt is not counted. If a job with the same singleton key was queued meanwhile,
   * this one gives way to it, as a retry does.
   */
  async handBack(id: number, fence: number): Promise<void> {
    const now = Date.now();
    const back = (queued: boolean) =>
      this.db
        .updateTable('job')
        .set(queued ? { status: 'queued', attempts: sql<number>`attempts - 1` } : { status: 'cancelled', finished_at: now })
        .set({ updated_at: now, locked_by: null, locked_until: null })
        .where('id', '=', id)
        .where('fence', '=', fence)
        .where('status', '=', 'running')
        .execute();
    try {
      await back(true);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await back(false);
    }
  }

  /** At start on SQLite (one process): jobs left running by a process that is gone lapse at once. */
  async expireOthers(owner: string): Promise<void> {
    await this.db
      .updateTable('job')
      .set({ locked_until: 0 })
      .where('status', '=', 'running')
      .where((eb) => eb.or([eb('locked_by', 'is', null), eb('locked_by', '!=', owner)]))
      .execute();
  }

  /**
   * Queued-and-due or running jobs (optionally of some kinds): what `idle()` waits for. One statement of
   * two counts: with statistics on `job` (`optimize` after a sync, at start, hourly) SQLite 3.53's planner
   * failed the single `or` over the queue's partial index with 「internal query planner error」, and two
   * statements could miss a job moving from running back to queued between them (a lease taken over).
   */
  async countPending(now: number, kinds?: string[]): Promise<number> {
    const ofKinds = kinds?.length ? sql` and kind in (${sql.join(kinds)})` : sql``;
    const { rows } = await sql<{ n: number | string }>`select
        (select count(*) from job where status = 'queued' and run_at <= ${now}${ofKinds})
        + (select count(*) from job where status = 'running'${ofKinds}) as n`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Changes the payload of the job queued (not yet claimed) under this singleton key. False when none
   * is queued, or when it was claimed or changed meanwhile: the caller enqueues again.
   */
  async changeQueued(singletonKey: string, change: (payload: unknown) => unknown): Promise<boolean> {
    const row = await this.db
      .selectFrom('job')
      .select(['id', 'payload'])
      .where('singleton_key', '=', singletonKey)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (!row) return false;
    const result = await this.db
      .updateTable('job')
      .set({ payload: JSON.stringify(change(JSON.parse(row.payload))), updated_at: Date.now() })
      .where('id', '=', row.id)
      .where('status', '=', 'queued')
      .where('payload', '=', row.payload)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Whether a job with this singleton key is queued and not yet claimed. */
  async queued(singletonKey: string): Promise<boolean> {
    const row = await this.db.selectFrom('job').select('id').where('singleton_key', '=', singletonKey).where('status', '=', 'queued').executeTakeFirst();
    return Boolean(row);
  }

  /**
   * Whether a job with this singleton key is queued or running: one statement (one snapshot: a job
   * claimed between two reads is not missed) of two lookups, each by its status's own partial index.
   */
  async active(singletonKey: string): Promise<boolean> {
    const byStatus = (status: 'queued' | 'running') =>
      this.db.selectFrom('job').select('id').where('singleton_key', '=', singletonKey).where('status', '=', status);
    const row = await byStatus('queued').unionAll(byStatus('running')).limit(1).executeTakeFirst();
    return Boolean(row);
  }

  /** Finished jobs older than these ages go. */
  async purge(now: number, doneAgeMs: number, failedAgeMs: number): Promise<number> {
    const a = await this.db
      .deleteFrom('job')
      .where('status', 'in', ['done', 'cancelled'])
      .where('finished_at', '<', now - doneAgeMs)
      .executeTakeFirst();
    const b = await this.db.deleteFrom('job').where('status', '=', 'failed').where('finished_at', '<', now - failedAgeMs).executeTakeFirst();
    return Number(a.numDeletedRows) + Number(b.numDeletedRows);
  }

  find(id: number): Promise<Job | undefined> {
    return this.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
