// Injected faults (per corp and/or API path) and WeCom's published frequency limits, always on.
// `lost-response`: the call is done, then its connection is dropped before the answer (the caller cannot tell whether it happened).
// `late-response`: the call is done at once, its answer (the state it found) sent `ms` later.
export type FaultKind = 'busy' | 'rate-limit' | 'token-expire' | 'latency' | 'late-response' | 'drop-callback' | 'dup-callback' | 'lost-response';
export const FAULT_KINDS: readonly FaultKind[] = ['busy', 'rate-limit', 'token-expire', 'latency', 'late-response', 'drop-callback', 'dup-callback', 'lost-response'];

export interface Fault {
  id: number;
  kind: FaultKind;
  corpId?: string;
  /** API path below /qyapi/cgi-bin, e.g. `externalcontact/get`. */
  path?: string;
  /** Applies to this many matching calls / callbacks, then stops. */
  count?: number;
  /** Applies to this share (0..1) of matching calls. */
  rate?: number;
  ms?: number;
  hits: number;
}

export const normalisePath = (p: string) => p.replace(/^\/?(qyapi\/)?(cgi-bin\/)?/, '').replace(/\?.*$/, '').replace(/\/+$/, '');

export class Faults {
  list: Fault[] = [];
  private seq = 0;

  add(f: Omit<Fault, 'id' | 'hits'>): Fault {
    const fault: Fault = { ...f, path: f.path === undefined ? undefined : normalisePath(f.path), id: ++this.seq, hits: 0 };
    this.list.push(fault);
    return fault;
  }

  clear() {
    this.list = [];
  }

  /** The first fault of this kind that applies now (and counts it). */
  take(kind: FaultKind, corpId: string | undefined, path?: string, random = Math.random): Fault | undefined {
    for (const f of this.list) {
      if (f.kind !== kind) continue;
      if (f.corpId !== undefined && f.corpId !== corpId) continue;
      if (f.path !== undefined && path !== undefined && f.path !== path) continue;
      if (f.count !== undefined && f.hits >= f.count) continue;
      if (f.rate !== undefined && random() >= f.rate) continue;
      f.hits++;
      return f;
    }
    return undefined;
  }
}

export interface RateLimits {
  perMinute: number;
  perHour: number;
}
/** WeCom's published per-corp, per-API limits (doc 90454). */
export const WECOM_RATE_LIMITS: RateLimits = { perMinute: 10_000, perHour: 150_000 };

export class RateLimiter {
  private windows = new Map<string, { minute: number; minuteCount: number; hour: number; hourCount: number }>();
  constructor(public limits: RateLimits = { ...WECOM_RATE_LIMITS }) {}

  /** Counts a call; false when it is over either limit. */
  hit(corpId: string, path: string, now = Date.now()): boolean {
    const key = `${corpId}|${path}`;
    const minute = Math.floor(now / 60_000);
    const hour = Math.floor(now / 3_600_000);
    let w = this.windows.get(key);
    if (!w) this.windows.set(key, (w = { minute, minuteCount: 0, hour, hourCount: 0 }));
    if (w.minute !== minute) (w.minute = minute), (w.minuteCount = 0);
    if (w.hour !== hour) (w.hour = hour), (w.hourCount = 0);
    w.minuteCount++;
    w.hourCount++;
    return w.minuteCount <= this.limits.perMinute && w.hourCount <= this.limits.perHour;
  }

  clear() {
    this.windows.clear();
  }
}

/** API calls per corp and path (for the sync benchmark). */
export class CallCounter {
  private counts = new Map<string, Map<string, number>>();
  count(corpId: string, path: string) {
    let m = this.counts.get(corpId);
    if (!m) this.counts.set(corpId, (m = new Map()));
    m.set(path, (m.get(path) ?? 0) + 1);
  }
  of(corpId?: string): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [c, m] of this.counts) {
      if (corpId !== undefined && c !== corpId) continue;
      for (const [p, n] of m) out[p] = (out[p] ?? 0) + n;
    }
    return out;
  }
  clear() {
    this.counts.clear();
  }
}
