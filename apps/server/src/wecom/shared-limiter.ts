// WeCom's per-corp, per-API limits (10,000 calls/min, 150,000/hour) counted where every server process
// sees them: in Redis when REDIS_URL is set, else in PostgreSQL when that is the database, else in
// memory (SQLite runs one process). The client waits before a call that would pass a limit.
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { RateLimiter } from '@scrm/wecom/limiter';
import { WECOM_RATE_LIMITS } from '@scrm/wecom/limiter';
import type { Database } from '../db/database.js';

export type LimiterStore = 'memory' | 'postgres' | 'redis';

/**
 * Points a process takes from a shared store at once and spends locally (a round trip per 20 calls
 * instead of per call; what a process does not spend lapses with the window).
 */
const SHARED_CHUNK = 20;

export class SharedRateLimiter implements RateLimiter {
  private readonly reserved = new Map<string, { left: number; until: number }>();
  private readonly refilling = new Map<string, Promise<void>>();
  private readonly chunk: number;

  private constructor(
    private readonly limiters: RateLimiterAbstract[],
    readonly store: LimiterStore,
  ) {
    this.chunk = store === 'memory' ? 1 : SHARED_CHUNK;
  }

  static async create(opts: { database: Database; redis?: Redis; windows?: ReadonlyArray<{ ms: number; limit: number }> }): Promise<SharedRateLimiter> {
    const windows = opts.windows ?? WECOM_RATE_LIMITS;
    const common = (w: { ms: number; limit: number }, i: number) => ({
      keyPrefix: `wecom_${i}`,
      points: w.limit,
      duration: Math.ceil(w.ms / 1000),
    });
    if (opts.redis) {
      return new SharedRateLimiter(windows.map((w, i) => new RateLimiterRedis({ ...common(w, i), storeClient: opts.redis })), 'redis');
    }
    if (opts.database.pgPool) {
      const pool = opts.database.pgPool;
      // One after the other: each creates the table if missing, and two concurrent CREATE TABLE IF NOT
      // EXISTS can collide in PostgreSQL's catalog.
      const limiters: RateLimiterAbstract[] = [];
      for (const [i, w] of windows.entries()) {
        limiters.push(
          await new Promise<RateLimiterAbstract>((resolve, reject) => {
            const limiter: RateLimiterAbstract = new RateLimiterPostgres(
              { ...common(w, i), storeClient: pool, tableName: 'wecom_rate_limit', clearExpiredByTimeout: i === 0 },
              (err?: unknown) => (err ? reject(err) : resolve(limiter)),
            );
          }),
        );
      }
      return new SharedRateLimiter(limiters, 'postgres');
    }
    return new SharedRateLimiter(windows.map((w, i) => new RateLimiterMemory(common(w, i))), 'memory');
  }

  async acquire(corpId: string, path: string): Promise<void> {
    const key = `${corpId}:${path}`;
    for (const [i, limiter] of this.limiters.entries()) await this.take(`${i}:${key}`, key, limiter);
  }

  /** One point of one window: from this process's reserve, else a new chunk (one request at a time per key). */
  private async take(slot: string, key: string, limiter: RateLimiterAbstract): Promise<void> {
    for (;;) {
      const local = this.reserved.get(slot);
      if (local && local.left > 0 && local.until > Date.now()) {
        local.left -= 1;
        return;
      }
      const pending = this.refilling.get(slot);
      if (pending) {
        await pending;
        continue;
      }
      const refill = this.refill(slot, key, limiter).finally(() => this.refilling.delete(slot));
      this.refilling.set(slot, refill);
      await refill;
    }
  }

  private async refill(slot: string, key: string, limiter: RateLimiterAbstract): Promise<void> {
    let points = this.chunk;
    for (;;) {
      try {
        const res = await limiter.consume(key, points);
        this.reserved.set(slot, { left: points, until: Date.now() + res.msBeforeNext });
        return;
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        // Near the limit a whole chunk no longer fits: one point may.
        if (points > 1 && res.remainingPoints > 0) {
          points = 1;
          continue;
        }
        await new Promise((r) => setTimeout(r, Math.max(50, res.msBeforeNext)));
        points = this.chunk;
      }
    }
  }
}
