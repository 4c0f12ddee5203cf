// Per-corp, per-API call limiter. WeCom blocks a corp's API for 60 s (minute level) or 60 min (hour level)
// once it passes 10,000 calls/min or 150,000/hour, so we wait before we get there.

export interface RateLimiter {
  /** Resolves when one more call of `path` for `corpId` fits under the limits; the call is then counted. */
  acquire(corpId: string, path: string): Promise<void>;
}

export interface RateWindow {
  ms: number;
  limit: number;
}

/** WeCom's published per-corp, per-API limits (doc 90454). */
export const WECOM_RATE_LIMITS: readonly RateWindow[] = [
  { ms: 60_000, limit: 10_000 },
  { ms: 3_600_000, limit: 150_000 },
];

export interface MemoryRateLimiterOptions {
  windows?: readonly RateWindow[];
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Sliding-window log kept in memory: exact, one timestamp per call within the longest window. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows: readonly RateWindow[];
  private readonly longest: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly logs = new Map<string, { times: number[]; head: number }>();

  constructor(opts: MemoryRateLimiterOptions = {}) {
    this.windows = opts.windows ?? WECOM_RATE_LIMITS;
    this.longest = Math.max(...this.windows.map((w) => w.ms));
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  async acquire(corpId: string, path: string): Promise<void> {
    const key = `${corpId}\n${path}`;
    let log = this.logs.get(key);
    if (!log) this.logs.set(key, (log = { times: [], head: 0 }));
    for (;;) {
      const now = this.now();
      while (log.head < log.times.length && log.times[log.head] <= now - this.longest) log.head++;
      if (log.head > 1024 && log.head * 2 > log.times.length) {
        log.times = log.times.slice(log.head);
        log.head = 0;
      }
      let wait = 0;
      for (const w of this.windows) {
        // Index of the first call inside this window (times are sorted).
        let lo = log.head;
        let hi = log.times.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (log.times[mid] > now - w.ms) hi = mid;
          else lo = mid + 1;
        }
        const inWindow = log.times.length - lo;
        if (inWindow >= w.limit) {
          // The call that must leave the window before one more fits.
          const leaving = log.times[log.times.length - w.limit];
          wait = Math.max(wait, leaving + w.ms - now);
        }
      }
      if (wait <= 0) {
        log.times.push(now);
        return;
      }
      await this.sleep(wait);
    }
  }
}
