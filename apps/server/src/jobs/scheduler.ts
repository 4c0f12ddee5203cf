// Recurring work with croner: each tick enqueues a job whose idempotency key names the minute it was
// due, so with several server processes each tick still runs once.
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './job-queue.js';

export interface Schedule {
  /** Also the job's key prefix. */
  name: string;
  /** Cron pattern in China time, e.g. '* * * * *' every minute. */
  pattern: string;
  kind: string;
  payload?: unknown;
}

export class Scheduler {
  private crons: Cron[] = [];

  constructor(
    private readonly queue: JobQueue,
    private readonly schedules: Schedule[],
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stop();
    this.crons = this.schedules.map(
      (s) => new Cron(s.pattern, { timezone: 'Asia/Shanghai', protect: true, unref: true }, () => void this.fire(s, Math.floor(Date.now() / 60_000))),
    );
  }

  stop(): void {
    for (const c of this.crons) c.stop();
    this.crons = [];
  }

  /** Runs a schedule now (the test clock moves time on; an operator asks for a re-check). */
  async trigger(name: string): Promise<void> {
    const s = this.schedules.find((x) => x.name === name);
    if (s) await this.fire(s, `now-${Date.now()}`);
  }

  private async fire(s: Schedule, slot: number | string): Promise<void> {
    await this.queue
      .enqueue(s.kind, s.payload ?? {}, { idempotencyKey: `cron:${s.name}:${slot}`, maxAttempts: 3 })
      .catch((err) => this.log.warn({ err, schedule: s.name }, 'could not enqueue a scheduled job'));
  }
}
