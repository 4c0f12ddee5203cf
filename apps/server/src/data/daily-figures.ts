// What one customer event adds to the data centre's roll-ups (`customer_daily`), as pure functions
// shared by the listener (events as they are recorded) and the rebuild (every event again).
// Definitions (docs/data-centre.md): an add counts on its China-time day for the work space, its
// member, its code (by the add's state; 0 = none) and its tags (the code's auto-tags and the
// relation's tags); a deletion counts on its own day for the work space, its member, the code of the
// relation's last add and the same tags; the first deletion (either way) after an add counts, on the
// add's day, as lost within 1/7/30 days when it came that soon.
import { dayKey, DAY_MS } from '@scrm/contracts/china-time';
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

function at(day: string, dim: DailyDim, key: string, counts: DailyDelta['counts']): DailyDelta[] {
  return [
    { dim, grain: 'd', period: day, key, counts },
    { dim, grain: 'm', period: day.slice(0, 7), key, counts },
  ];
}

export function deltasOf(e: EventFacts): DailyDelta[] {
  const out: DailyDelta[] = [];
  const counter: Counter = e.kind === 'add' ? 'adds' : e.kind === 'delete_by_member' ? 'deleted_by_member' : 'deleted_by_customer';
  const day = dayKey(e.at);
  for (const [dim, key] of targets(e.userid, e.contactWayId, e.tags)) out.push(...at(day, dim, key, { [counter]: 1 }));
  const add = e.firstLossOf;
  if (add) {
    const lost: DailyDelta['counts'] = {};
    for (const [n, c] of LOSS_WINDOWS) if (e.at - add.at < n * DAY_MS) lost[c] = 1;
    if (Object.keys(lost).length) {
      const addDay = dayKey(add.at);
      for (const [dim, key] of targets(add.userid, add.contactWayId, e.tags)) out.push(...at(addDay, dim, key, lost));
    }
  }
  return out;
}

/** Deltas of the same row summed (one upsert per row: PostgreSQL refuses to touch a row twice in one statement). */
export function mergeDeltas(deltas: Iterable<DailyDelta>, into = new Map<string, DailyDelta>()): Map<string, DailyDelta> {
  for (const d of deltas) {
    const id = `${d.dim}\u0000${d.grain}\u0000${d.period}\u0000${d.key}`;
    const row = into.get(id) ?? into.set(id, { dim: d.dim, grain: d.grain, period: d.period, key: d.key, counts: {} }).get(id)!;
    for (const c of COUNTERS) if (d.counts[c]) row.counts[c] = (row.counts[c] ?? 0) + d.counts[c]!;
  }
  return into;
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
