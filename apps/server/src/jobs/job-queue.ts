// The durable job system (DESIGN.md §6): every piece of work that calls WeCom or waits is a row in
// `job`, so a crash or a restart loses none. Each process runs one JobQueue: it claims due jobs
// (several processes share the table on PostgreSQL), runs them with a renewed lease, retries failures
// with back-off and gives up after `maxAttempts`. A handler's effects must be safe to repeat (a
// process can die after the effect and before the job is marked done): handlers check what is
// already done, and WeCom's own answers (a welcome code used once) cover the rest.
// A process that is alive never loses its own running jobs to its own reaper, however long its event
// loop stalled; another process takes a job over only after the whole lease (30 s by default) passed
// without a renewal. Should that happen to a live run, the claim's fence tells the two runs apart: the
// old run's renewals and result change nothing, and a handler that makes something in WeCom checks
// `held()` behind a guard of its own (contact ways: `creating_by`).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/tables.js';
import type { JobRepository, Job } from './job.repository.js';

/** Thrown by a handler: try again after `delayMs` (counts as an attempt). */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

/** Thrown by a handler: this job cannot succeed; no more attempts. */
export class PermanentFailure extends Error {}

export interface JobContext<P> {
  job: Job;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  /** Whether this run still holds the job (no other run has claimed it since): asked before a call that makes something. */
  held(): Promise<boolean>;
}

export interface JobKind<P = any> {
  run(ctx: JobContext<P>): Promise<void>;
  /** At most this many of the kind run at once in a process (default: no limit below the queue's). */
  concurrency?: number;
  /** Default attempts of a new job of this kind (8). */
  maxAttempts?: number;
  /** Default priority of a new job of this kind (0; higher runs first, see URGENT_PRIORITY). */
  priority?: number;
  /** Delay before attempt n+1 (default 1 s × 2ⁿ⁻¹ with jitter, at most 5 min). */
  backoff?: (attempt: number) => number;
  /** Called once a job has failed for good. */
  onFailed?(ctx: JobContext<P>, error: string): Promise<void>;
}

export interface EnqueueOptions {
  workSpaceId?: number | null;
  /** Never run twice: a later enqueue with the same key adds nothing, even after the job is done. */
  idempotencyKey?: string;
  /** At most one queued job per key; two jobs with the same key never run at the same time. */
  singletonKey?: string;
  /** Epoch ms (wall clock); default now. */
  runAt?: number;
  /** Higher runs first (welcome messages are 10). */
  priority?: number;
  maxAttempts?: number;
  /** Enqueue inside the caller's transaction: the job exists exactly when the caller's writes do. */
  trx?: Transaction<DB>;
}

export interface JobQueueOptions {
  /** Jobs run at once in this process (JOB_CONCURRENCY). */
  concurrency: number;
  /** Lease of a claimed job, renewed at a third of it (JOB_LEASE_MS, 30000). */
  leaseMs: number;
  /** Poll for work made by other processes and for retries coming due (JOB_POLL_MS, 500). */
  pollMs: number;
}

export const defaultBackoff = (attempt: number) => {
  const base = Math.min(5 * 60_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
};

/**
 * For work that must outlast a WeCom outage (callback events and what they queue): 1 s doubling up to
 * an hour between attempts, so 60 attempts span about two days.
 */
export const PATIENT_ATTEMPTS = 60;
export const patientBackoff = (attempt: number) => {
  const base = Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
};

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Jobs at or above this priority (welcome messages, contact events, code user lists) always find a
 * slot: the other jobs (tags, re-reads, syncs, uploads) may fill at most all but a quarter of them (all
 * of a single slot, JOB_CONCURRENCY=1: claims take urgent work first).
 */
export const URGENT_PRIORITY = 8;
/** How long after the last `press` ordinary work stays at one slot. */
const PRESSED_MS = 100;
/** `pressIfBusy` presses when the event loop was busy more than this share of the time since it last looked (at least BUSY_SAMPLE_MS before). */
const BUSY_AT = 0.5;
const BUSY_SAMPLE_MS = 50;
/**
 * The longest rest of the ordinary slot while pressed. A rest as long as the job ran keeps ordinary work to
 * half the time when its jobs are short (a re-read); after a long one (a first sync, a minute of WeCom's
 * pages) it would hold every re-read, tag and push back as long again.
 */
const REST_MAX_MS = 250;
/** While pressed, how long an ordinary job holds the one slot; past that it runs on beside the next. */
const PRESSED_SLOT_HELD_MS = 1000;

/** One run of a claimed job in this process. */
interface Run {
  id: number;
  fence: number;
  kind: string;
  urgent: boolean;
  done: Promise<void>;
  /** Another run claimed the job since (this process stalled past the lease). */
  lost: boolean;
  startedAt: number;
}

export class JobQueue {
  readonly owner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly kinds = new Map<string, JobKind>();
  private readonly running = new Set<Run>();
  private renewedAt = 0;
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private lapseTimer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | undefined;
  private again = false;

  constructor(
    readonly repo: JobRepository,
    private readonly opts: JobQueueOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  register<P>(kind: string, handler: JobKind<P>): void {
    if (this.kinds.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.kinds.set(kind, handler);
  }

  /** Adds a job (see EnqueueOptions); returns its id, or null when its key says it exists already. */
  async enqueue<P>(kind: string, payload: P, opts: EnqueueOptions = {}): Promise<number | null> {
    return (await this.enqueueMany(kind, [{ payload, opts }], opts.trx))[0] ?? null;
  }

  /**
   * Adds jobs of one kind in one statement (in `trx` when given: the caller kicks after its commit, or
   * the poll finds them); returns the ids of those added.
   */
  async enqueueMany<P>(kind: string, jobs: Array<{ payload: P; opts?: Omit<EnqueueOptions, 'trx'> }>, trx?: Transaction<DB>): Promise<number[]> {
    const handler = this.kinds.get(kind);
    const now = Date.now();
    const ids = await this.repo.insertMany(
      jobs.map(({ payload, opts = {} }) => ({
        kind,
        payload,
        workSpaceId: opts.workSpaceId,
        idempotencyKey: opts.idempotencyKey,
        singletonKey: opts.singletonKey,
        runAt: opts.runAt ?? now,
        priority: opts.priority ?? handler?.priority,
        maxAttempts: opts.maxAttempts ?? handler?.maxAttempts,
      })),
      trx,
    );
    // Inside a transaction the rows are not visible yet: the caller kicks after its commit.
    if (ids.length && !trx) this.kick({ urgent: jobs.some(({ opts }) => (opts?.priority ?? handler?.priority ?? 0) >= URGENT_PRIORITY) });
    return ids;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.renewedAt = Date.now();
    // SQLite serves one process: whatever was running when it stopped is ours to run again now.
    if (this.repo.dialect === 'sqlite') await this.repo.expireOthers(this.owner);
    await this.requeueLapsed();
    this.timer = setInterval(() => this.kick(), this.opts.pollMs);
    this.lapseTimer = setInterval(() => void this.requeueLapsed(), Math.max(100, Math.floor(this.opts.leaseMs / 2)));
    this.lapseTimer.unref();
    this.timer.unref();
    this.renewTimer = setInterval(() => void this.renew(), Math.max(200, Math.floor(this.opts.leaseMs / 3)));
    this.renewTimer.unref();
    this.kick();
  }

  /** Stops claiming and waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.lapseTimer) clearInterval(this.lapseTimer);
    await this.pumping;
    await Promise.allSettled([...this.running].map((r) => r.done));
    if (this.renewTimer) clearInterval(this.renewTimer);
  }

  private refilling = false;

  /**
   * Whether urgent work may be due that the last look did not see: `urgentNews` counts the kicks that may
   * bring some, `urgentLooked` is the count at the start of the last claim that found all the urgent work
   * due. While pressed, the pump claims urgent work on its own before ordinary work; during a burst of
   * callbacks whose batches queue only ordinary work (an edit's re-read), that look found nothing at each
   * batch and cost ~3 % of the server's CPU (bench/RESULTS.md, Callback ingestion).
   */
  private urgentNews = 1;
  private urgentLooked = 0;

  /**
   * A slot came free: claim once the jobs finishing in this turn of the event loop have freed theirs, so
   * that one claim fills them all (a job's end is often one of several answers read in the same turn).
   */
  private refill(): void {
    if (this.refilling || this.stopped) return;
    this.refilling = true;
    setImmediate(() => {
      this.refilling = false;
      // A run's end may let a job with its singleton key, or of its kind, be claimed.
      this.kick();
    });
  }

  /**
   * Claim now (or right after the current claim). `urgent: false` when what the caller made claimable is
   * ordinary work only (priority below URGENT_PRIORITY); by default the kick may bring urgent work.
   */
  kick(news: { urgent?: boolean } = {}): void {
    if (news.urgent !== false) this.urgentNews += 1;
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump()
      .catch((err) => this.log.error({ err }, 'job claim failed'))
      .finally(() => {
        this.pumping = undefined;
        if (this.again) {
          this.again = false;
          // Those kicks counted their news already.
          this.kick({ urgent: false });
        }
      });
  }

  /**
   * Resolves when no job (of these kinds) is due or running anywhere — tests and drills wait on it.
   * Jobs scheduled for later do not count.
   */
  async idle(kinds?: string[], timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    const mine = () => [...this.running].filter((r) => !kinds || kinds.includes(r.kind));
    for (;;) {
      await this.pumping;
      await Promise.allSettled(mine().map((r) => r.done));
      if ((await this.repo.countPending(Date.now(), kinds)) === 0 && !mine().length) return;
      if (Date.now() > until) throw new Error('jobs still pending');
      this.kick();
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private pressedUntil = 0;
  private pressTimer: NodeJS.Timeout | undefined;

  /**
   * Requests that must be answered within seconds (WeCom's callbacks) are arriving in numbers: for the
   * next PRESSED_MS, ordinary work (re-reads, tags, syncs) takes one slot at most, and urgent work (the
   * events themselves, welcome messages) the rest, so the answers are not kept waiting for a core.
   */
  press(): void {
    const until = Date.now() + PRESSED_MS;
    if (until - this.pressedUntil < 10) return;
    this.pressedUntil = until;
    if (this.pressTimer) return;
    const release = () => {
      const left = this.pressedUntil - Date.now();
      if (left > 0) {
        this.pressTimer = setTimeout(release, left);
        return;
      }
      this.pressTimer = undefined;
      this.kick({ urgent: false });
    };
    this.pressTimer = setTimeout(release, PRESSED_MS);
    this.pressTimer.unref();
  }

  private loop = { at: performance.now(), elu: performance.eventLoopUtilization(), busy: false };

  /**
   * A request that must be answered within seconds is arriving, though not in numbers: `press` if the event
   * loop has been busy more than half the time lately (the last 50 ms or more, since the last look). The
   * request waits its turn behind whatever else the loop runs, and two dozen re-reads at once made the loop's
   * turns long enough to hold a callback's answer ~100 ms at 500 a second (bench/RESULTS.md, Callback
   * ingestion); jobs that wait on WeCom leave the loop idle and keep their room.
   */
  pressIfBusy(): void {
    const now = performance.now();
    if (now - this.loop.at >= BUSY_SAMPLE_MS) {
      const elu = performance.eventLoopUtilization();
      this.loop = { at: now, elu, busy: performance.eventLoopUtilization(elu, this.loop.elu).utilization > BUSY_AT };
    }
    if (this.loop.busy) this.press();
  }

  private restingUntil = 0;
  private restTimer: NodeJS.Timeout | undefined;

  /**
   * While pressed, the ordinary slot rests as long as its last job ran (REST_MAX_MS at most) before it takes
   * the next: ordinary work has at most half the time, and the answers the rest.
   */
  private rest(ms: number): void {
    this.restingUntil = Date.now() + ms;
    if (this.restTimer) clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => {
      this.restTimer = undefined;
      this.kick({ urgent: false });
    }, ms);
    this.restTimer.unref();
  }

  private async pump(): Promise<void> {
    while (!this.stopped) {
      const free = this.opts.concurrency - this.running.size;
      if (free <= 0) return;
      const busy = [...this.kinds].filter(([kind, h]) => h.concurrency !== undefined && this.countRunning(kind) >= h.concurrency).map(([k]) => k);
      // A single slot keeps none back (ordinary work would never run); the claim still takes urgent work first.
      const reserved = this.opts.concurrency > 1 ? Math.max(1, Math.floor(this.opts.concurrency / 4)) : 0;
      const now = Date.now();
      const ordinaryCap = now < this.pressedUntil ? (now < this.restingUntil ? 0 : Math.min(1, this.opts.concurrency - reserved)) : this.opts.concurrency - reserved;
      // While pressed, a job that has run a while (a sync, a push's pages) no longer holds the one slot: it
      // would hold every other ordinary job back until it ends.
      const holding = (r: Run) => !r.urgent && (now >= this.pressedUntil || now - r.startedAt < PRESSED_SLOT_HELD_MS);
      const ordinaryRoom = ordinaryCap - [...this.running].filter(holding).length;
      const claim = (limit: number, urgentOnly: boolean) =>
        this.repo.claim({
          owner: this.owner,
          now: Date.now(),
          leaseMs: this.opts.leaseMs,
          limit,
          excludeKinds: busy,
          ...(urgentOnly ? { minPriority: URGENT_PRIORITY } : {}),
        });
      // A claim that took fewer than it asked for saw all the urgent work due (urgent comes first).
      const news = this.urgentNews;
      let jobs: Job[] = [];
      if (ordinaryRoom >= free) jobs = await claim(free, false);
      else {
        // Urgent work first, unless no kick since the last full look may have brought some; ordinary work
        // only into the room it has.
        if (news !== this.urgentLooked) jobs = await claim(free, true);
        if (ordinaryRoom > 0 && jobs.length < free) jobs.push(...(await claim(Math.min(free - jobs.length, ordinaryRoom), false)));
      }
      if (jobs.length < free) this.urgentLooked = news;
      if (!jobs.length) return;
      const { kept, back } = this.withinKindLimits(jobs);
      for (const job of kept) {
        const run: Run = { id: job.id, fence: job.fence, kind: job.kind, urgent: job.priority >= URGENT_PRIORITY, done: Promise.resolve(), lost: false, startedAt: Date.now() };
        run.done = this.run(job, run).finally(() => {
          this.running.delete(run);
          if (!run.urgent && Date.now() < this.pressedUntil) this.rest(Math.min(REST_MAX_MS, Date.now() - run.startedAt));
          this.refill();
        });
        this.running.add(run);
      }
      // The kind is full now: the next claim looks past it (the end of one of its runs kicks again).
      for (const job of back) await this.repo.handBack(job.id, job.fence);
      // Fewer than there was room for: nothing else is due now. A job queued after this claim's read kicks
      // again (enqueue, or its writer after the commit), a retry coming due is found by the poll.
      if (jobs.length < free) return;
    }
  }

  /**
   * The claimed jobs whose kinds have room (JobKind.concurrency); the others are handed back to the queue.
   * One claim may find more jobs of a kind due than it may run: the claim leaves out only kinds already full.
   */
  private withinKindLimits(jobs: Job[]): { kept: Job[]; back: Job[] } {
    const room = new Map<string, number>();
    const kept: Job[] = [];
    const back: Job[] = [];
    for (const job of jobs) {
      const limit = this.kinds.get(job.kind)?.concurrency;
      if (limit === undefined) {
        kept.push(job);
        continue;
      }
      const left = room.get(job.kind) ?? limit - this.countRunning(job.kind);
      room.set(job.kind, left - 1);
      (left > 0 ? kept : back).push(job);
    }
    return { kept, back };
  }

  /**
   * Jobs whose process died are queued again (every half lease). Ours are renewed first and never
   * taken: after a stall this timer may fire before the renewal's.
   */
  private async requeueLapsed(): Promise<void> {
    try {
      await this.renew();
      const n = await this.repo.requeueLapsed(Date.now(), [...this.running].filter((r) => !r.lost).map((r) => r.id));
      if (n) {
        this.log.info({ jobs: n }, 'jobs of a stopped process are queued again');
        this.kick();
      }
    } catch (err) {
      this.log.warn({ err }, 'could not requeue lapsed jobs');
    }
  }

  private countRunning(kind: string): number {
    let n = 0;
    for (const r of this.running) if (r.kind === kind) n += 1;
    return n;
  }

  private async renew(): Promise<void> {
    const now = Date.now();
    // Timers did not fire for longer than a lease: the event loop was blocked (a long synchronous step).
    if (now - this.renewedAt > this.opts.leaseMs) this.log.warn({ stalledMs: now - this.renewedAt }, 'job leases were not renewed in time: the process stalled');
    this.renewedAt = now;
    const runs = [...this.running].filter((r) => !r.lost);
    if (!runs.length) return;
    try {
      const held = await this.repo.renew(runs, now + this.opts.leaseMs);
      for (const r of runs) {
        if (held.has(`${r.id}:${r.fence}`)) continue;
        r.lost = true;
        this.log.warn({ jobId: r.id, kind: r.kind, fence: r.fence }, 'job lease lost to another run: this run’s result will be dropped');
      }
    } catch (err) {
      this.log.warn({ err }, 'job lease renewal failed');
    }
  }

  private async run(job: Job, run: Run): Promise<void> {
    const dropped = (what: string) => this.log.warn({ jobId: job.id, kind: job.kind, fence: job.fence }, `job ${what} after another run took it over: result dropped`);
    const handler = this.kinds.get(job.kind);
    if (!handler) {
      await this.repo.fail(job.id, job.fence, `unknown job kind ${job.kind}`);
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(job.payload);
    } catch {
      await this.repo.fail(job.id, job.fence, 'payload is not JSON');
      return;
    }
    const held = async () => !run.lost && (await this.repo.held(job.id, job.fence));
    const ctx: JobContext<unknown> = { job, payload, attempt: job.attempts, held };
    const started = Date.now();
    try {
      await handler.run(ctx);
      this.log.debug({ jobId: job.id, kind: job.kind, waitedMs: started - job.run_at, ms: Date.now() - started }, 'job done');
      if (!(await this.repo.done(job.id, job.fence))) dropped('finished');
    } catch (err) {
      const message = messageOf(err);
      const last = err instanceof PermanentFailure || job.attempts >= job.max_attempts;
      if (last) {
        if (!(await this.repo.fail(job.id, job.fence, message))) return dropped('failed');
        this.log.warn({ err, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
        await handler.onFailed?.(ctx, message).catch((e) => this.log.error({ err: e, jobId: job.id }, 'job onFailed hook failed'));
        return;
      }
      const delay = err instanceof RetryLater ? err.delayMs : (handler.backoff ?? defaultBackoff)(job.attempts);
      if (!(await this.repo.retry(job.id, job.fence, message, Date.now() + delay))) return dropped('failed');
      this.log.info({ jobId: job.id, kind: job.kind, attempts: job.attempts, delay, error: message }, 'job will be retried');
    }
  }
}
