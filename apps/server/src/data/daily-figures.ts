// What one customer event adds to the data centre's roll-ups (`customer_daily`), as pure functions
// shared by the listener (events as they are recorded) and the rebuild (every event again).
// Definitions (docs/data-centre.md): an add counts on its China-time day for the work space, its
// member, its code (by the add's state; 0 = none) and its tags (the code's auto-tags and the
// relation's tags); a deletion counts on its own day for the work space, its member, the code of the
// relation's last add and the same tags; the first deletion (either way) after an add counts, on the
// add's day, as lost within 1/7/30 days when it came that soon.
import { CHINA_OFFSET_MS, dayKey, DAY_MS } from '@scrm/contracts/china-time';
import type { DailyDim } from '../db/tables.js';

export type Counter = 'adds' | 'deleted_by_member' | 'deleted_by_customer' | 'lost_1' | 'lost_7' | 'lost_30';
export const COUNTERS: Counter[] = ['adds', 'deleted_by_member', 'deleted_by_customer', 'lost_1', 'lost_7', 'lost_30'];

/** One roll-up row's increments. */
export interface DailyDelta {
  dim: DailyDim;
  grain: 'd' | 'm';
  period: string;
  key: string;
  counts: Partial<Record<Counter, number>>;
}

/** The relation's add an event is counted against. */
export interface AddFacts {
  at: number;
  userid: string;
  /** 0: no code of ours. */
  contactWayId: number;
}

export interface EventFacts {
  kind: 'add' | 'delete_by_member' | 'delete_by_customer';
  at: number;
  userid: string;
  /** For an add: its own code; for a deletion: the code of the relation's last add (0 = none). */
  contactWayId: number;
  tags: string[];
  /** For a deletion: the add it is the first deletion after (null: not the first, or no add known). */
  firstLossOf: AddFacts | null;
}

const LOSS_WINDOWS = [
  [1, 'lost_1'],
  [7, 'lost_7'],
  [30, 'lost_30'],
] as const;

/** Every (dim, key) an event counts under. */
function targets(userid: string, contactWayId: number, tags: string[]): Array<[DailyDim, string]> {
  return [['all', ''], ['member', userid], ['code', String(contactWayId)], ...[...new Set(tags)].map((t): [DailyDim, string] => ['tag', t])];
}

const dayIndex = (t: number) => Math.floor((t + CHINA_OFFSET_MS) / DAY_MS);
const SLOT: Record<Counter, number> = { adds: 0, deleted_by_member: 1, deleted_by_customer: 2, lost_1: 3, lost_7: 4, lost_30: 5 };

/**
 * Counts summed per (dim, key) and China day, the month rows derived when read out: a rebuild adds
 * millions of events, so the inner maps are keyed by day number and hold a small typed array.
 */
export class DailyTally {
  private readonly byTarget = new Map<string, { dim: DailyDim; key: string; days: Map<number, Int32Array> }>();

  private count(dim: DailyDim, key: string, day: number, slot: number): void {
    const id = `${dim}|${key}`;
    let target = this.byTarget.get(id);
    if (!target) this.byTarget.set(id, (target = { dim, key, days: new Map() }));
    let c = target.days.get(day);
    if (!c) target.days.set(day, (c = new Int32Array(6)));
    c[slot]! += 1;
  }

  /** What one event adds (see the definitions at the top of this file). */
  add(e: EventFacts): this {
    const counter: Counter = e.kind === 'add' ? 'adds' : e.kind === 'delete_by_member' ? 'deleted_by_member' : 'deleted_by_customer';
    const day = dayIndex(e.at);
    for (const [dim, key] of targets(e.userid, e.contactWayId, e.tags)) this.count(dim, key, day, SLOT[counter]);
    const add = e.firstLossOf;
    if (add) {
      const lost = LOSS_WINDOWS.filter(([n]) => e.at - add.at < n * DAY_MS);
      if (lost.length) {
        const addDay = dayIndex(add.at);
        for (const [dim, key] of targets(add.userid, add.contactWayId, e.tags)) for (const [, c] of lost) this.count(dim, key, addDay, SLOT[c]);
      }
    }
    return this;
  }

  /** One row per (dim, key) and day, and per (dim, key) and month. */
  *rows(): Generator<DailyDelta> {
    const keys = new Map<number, string>();
    const dayKeyOf = (d: number) => keys.get(d) ?? keys.set(d, dayKey(d * DAY_MS - CHINA_OFFSET_MS)).get(d)!;
    for (const { dim, key, days } of this.byTarget.values()) {
      const months = new Map<string, Int32Array>();
      for (const [d, c] of days) {
        const period = dayKeyOf(d);
        yield { dim, grain: 'd', period, key, counts: countsOf(c) };
        const month = period.slice(0, 7);
        const m = months.get(month) ?? months.set(month, new Int32Array(6)).get(month)!;
        for (let i = 0; i < 6; i++) m[i]! += c[i]!;
      }
      for (const [period, c] of months) yield { dim, grain: 'm', period, key, counts: countsOf(c) };
    }
  }
}

function countsOf(c: Int32Array): DailyDelta['counts'] {
  const out: DailyDelta['counts'] = {};
  for (const name of COUNTERS) if (c[SLOT[name]]) out[name] = c[SLOT[name]];
  return out;
}

/**
 * Whole months inside [start, end] ('YYYY-MM-DD', both included) and the day spans left at the edges,
 * so a year is read as ~12 month rows and ≤ 60 day rows per key.
 */
export function coverOf(start: string, end: string): { months: string[]; spans: Array<[string, string]> } {
  const months: string[] = [];
  const spans: Array<[string, string]> = [];
  let cursor = start;
  while (cursor <= end) {
    const month = cursor.slice(0, 7);
    const first = `${month}-01`;
    const last = lastDayOf(month);
    if (cursor === first && last <= end) {
      months.push(month);
    } else {
      const to = last < end ? last : end;
      const prev = spans[spans.length - 1];
      if (prev && nextDay(prev[1]) === cursor) prev[1] = to;
      else spans.push([cursor, to]);
    }
    cursor = nextDay(last);
  }
  return { months, spans };
}

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(d).padStart(2, '0')}`;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}
