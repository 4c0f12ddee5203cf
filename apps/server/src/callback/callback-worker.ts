// A small in-process worker that drains the callback inbox: kicked after each stored event, polling
// for retries and for leftovers from before a restart. Processing is idempotent (each event re-reads
// WeCom's current state), so two server processes draining the same row do no harm.
// (A later issue moves this onto the durable job system.)
import type { FastifyBaseLogger } from 'fastify';
import { MAX_ATTEMPTS, type CallbackEvent, type CallbackEventRepository } from './callback-event.repository.js';

const POLL_MS = 2000;
const backoff = (attempts: number) => Math.min(5 * 60_000, 1000 * 2 ** attempts);

export class CallbackWorker {
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly inbox: CallbackEventRepository,
    private readonly handle: (event: CallbackEvent) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.draining;
  }

  /** Drain now (or right after the current pass). */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err) => this.log.error({ err }, 'callback worker pass failed'))
      .finally(() => {
        this.draining = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when nothing due is left (tests use it). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const rows = await this.inbox.due(Date.now());
      if (!rows.length) return;
      for (const row of rows) {
        if (this.stopped) return;
        try {
          await this.handle(row);
          await this.inbox.done(row.id);
        } catch (err) {
          const attempts = row.attempts + 1;
          const message = err instanceof Error ? err.message : String(err);
          this.log.warn({ err, eventId: row.id, attempts }, 'callback event failed');
          await this.inbox.failed(row.id, attempts, message, Date.now() + (attempts >= MAX_ATTEMPTS ? 0 : backoff(attempts)));
        }
      }
    }
  }
}
