// WeCom's per-corp, per-API limits (10,000 calls/min, 150,000/hour) counted where every server process
// sees them: in Redis when REDIS_URL is set, else in PostgreSQL when that is the database, else in
// memory (SQLite runs one process). The client waits before a call that would pass a limit.
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { RateLimiter } from '@scrm/wecom/limiter';
import { WECOM_RATE_LIMITS } from '@scrm/wecom/limiter';
import type { Database } from '../db/database.js';

export type LimiterStore = 'memory' | 'postgres' | 'redis';

export class SharedRateLimiter implements RateLimiter {
  private constructor(
    private readonly limiters: RateLimiterAbstract[],
    readonly store: LimiterStore,
  ) {}

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
      const limiters = await Promise.all(
        windows.map(
          (w, i) =>
            new Promise<RateLimiterAbstract>((resolve, reject) => {
              const limiter: RateLimiterAbstract = new RateLimiterPostgres(
                { ...common(w, i), storeClient: pool, tableName: 'wecom_rate_limit', clearExpiredByTimeout: i === 0 },
                (err?: unknown) => (err ? reject(err) : resolve(limiter)),
              );
            }),
        ),
      );
      return new SharedRateLimiter(limiters, 'postgres');
    }
    return new SharedRateLimiter(windows.map((w, i) => new RateLimiterMemory(common(w, i))), 'memory');
  }

  async acquire(corpId: string, path: string): Promise<void> {
    const key = `${corpId}:${path}`;
    for (const limiter of this.limiters) {
      for (;;) {
        try {
          await limiter.consume(key);
          break;
        } catch (res) {
          if (!(res instanceof RateLimiterRes)) throw res;
          await new Promise((r) => setTimeout(r, Math.max(50, res.msBeforeNext)));
        }
      }
    }
  }
}
