// What one customer contributes to the data centre's roll-ups (`customer_daily`), as pure functions
// shared by the catch-up (customers whose relations changed) and the rebuild (every customer again).
// Definitions (docs/data-centre.md, binding): a customer counts once per China-time day and key
// (work space, member, code, tag) for each of: added (a relation whose 添加时间 `createtime` is that
// day — what the customer list filters by), deleted by the member (`deleted_at` that day), deleted by
// the customer (`deleted_by_customer_at` that day); a relation counts under its member, the code of
// its `state` (0 = none) and its current tags. Retention: of the customers added on a day under a key,
// those all of whose relations added that day (under that key) were deleted either way within n days.
import { CHINA_OFFSET_MS, dayKey, DAY_MS } from '@scrm/contracts/china-time';
import type { DailyDim } from '../db/tables.js';

export type Counter = 'adds' | 'deleted_by_member' | 'deleted_by_customer' | 'lost_1' | 'lost_7' | 'lost_30';
export const COUNTERS: Counter[] = ['adds', 'deleted_by_member', 'deleted_by_customer', 'lost_1', 'lost_7', 'lost_30'];
export type Grain = 'd' | 't' | 'm' | 'y';

/** One roll-up row's increments. */
export interface DailyDelta {
  dim: DailyDim;
  grain: Grain;
  period: string;
  key: string;
  counts: Partial<Record<Counter, number>>;
}

/** A follow relation as the data centre reads it (follow_relation and its follow_tag rows). */
export interface RelationState {
  userid: string;
  createtime: number;
  state: string;
  deleted_at: number | null;
  deleted_by_customer_at: number | null;
  tags: string[];
}

/**
 * One customer's contribution: `day \t dim \t key` → bits (one per counter, 0/1 each: a customer
 * counts at most once per day and key). Stored per customer (`customer_daily_part`) so a change is
 * applied as the difference between what was counted and what counts now.
 */
export type Parts = Map<string, number>;

const BIT: Record<Counter, number> = { adds: 1, deleted_by_member: 2, deleted_by_customer: 4, lost_1: 8, lost_7: 16, lost_30: 32 };
const LOST_ALL = BIT.lost_1 | BIT.lost_7 | BIT.lost_30;
const LOSS_WINDOWS = [
  [1, BIT.lost_1],
  [7, BIT.lost_7],
  [30, BIT.lost_30],
] as const;
const DIM_CODE: Record<DailyDim, string> = { all: 'a', member: 'm', code: 'c', tag: 't' };
const DIM_OF: Record<string, DailyDim> = { a: 'all', m: 'member', c: 'code', t: 'tag' };

export const dayIndex = (t: number) => Math.floor((t + CHINA_OFFSET_MS) / DAY_MS);
const dayKeys = new Map<number, string>();
export const dayKeyOf = (d: number): string => dayKeys.get(d) ?? dayKeys.set(d, dayKey(d * DAY_MS - CHINA_OFFSET_MS)).get(d)!;

/** The lost_n bits of one relation: its first deletion (either way) at or after the add came within n days. */
function lostBits(r: RelationState): number {
  const ends = [r.deleted_at, r.deleted_by_customer_at].filter((t): t is number => t !== null && t >= r.createtime);
  if (!ends.length) return 0;
  const after = Math.min(...ends) - r.createtime;
  let bits = 0;
  for (const [n, bit] of LOSS_WINDOWS) if (after < n * DAY_MS) bits |= bit;
  return bits;
}

/** One customer's parts from their relations; `codeOf` maps a state to its contact way id (0 = none). */
export function partsOf(relations: RelationState[], codeOf: (state: string) => number): Parts {
  const adds = new Map<string, number>(); // entry → kept mask (lost_n bits of a relation NOT lost)
  const other = new Map<string, number>();
  for (const r of relations) {
    const keys = [`a\t`, `m\t${r.userid}`, `c\t${codeOf(r.state)}`, ...[...new Set(r.tags)].map((t) => `t\t${t}`)];
    const kept = LOST_ALL & ~lostBits(r);
    const addDay = dayIndex(Number(r.createtime));
    for (const k of keys) {
      const e = `${addDay}\t${k}`;
      adds.set(e, (adds.get(e) ?? 0) | kept);
    }
    const ends: Array<[number | null, number]> = [
      [r.deleted_at, BIT.deleted_by_member],
      [r.deleted_by_customer_at, BIT.deleted_by_customer],
    ];
    for (const [at, bit] of ends) {
      if (at === null) continue;
      const day = dayIndex(Number(at));
      for (const k of keys) {
        const e = `${day}\t${k}`;
        other.set(e, (other.get(e) ?? 0) | bit);
      }
    }
  }
  const parts: Parts = new Map(other);
  for (const [e, kept] of adds) parts.set(e, (parts.get(e) ?? 0) | BIT.adds | (LOST_ALL & ~kept));
  return parts;
}

export function encodeParts(p: Parts): string {
  return [...p].map(([e, bits]) => `${e}\t${bits}`).join('\n');
}

export function decodeParts(text: string | null | undefined): Parts {
  const p: Parts = new Map();
  if (!text) return p;
  for (const line of text.split('\n')) {
    const cut = line.lastIndexOf('\t');
    p.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return p;
}

/** The period of a day in each grain: 'YYYY-MM-DD', the 旬 'YYYY-MM/1'…'/3' (1–10, 11–20, 21–end), 'YYYY-MM', 'YYYY'. */
export function periodsOf(day: string): Record<Grain, string> {
  const dom = Number(day.slice(8, 10));
  return { d: day, t: `${day.slice(0, 7)}/${dom <= 10 ? 1 : dom <= 20 ? 2 : 3}`, m: day.slice(0, 7), y: day.slice(0, 4) };
}
const GRAINS: Grain[] = ['d', 't', 'm', 'y'];
const COARSE: Array<Exclude<Grain, 'd'>> = ['t', 'm', 'y'];

/** Sums of counter increments per roll-up row (day, 旬 and month of each day). */
export class DeltaSum {
  private readonly rows = new Map<string, { dim: DailyDim; key: string; grain: Grain; period: string; c: Int32Array }>();

  add(entry: string, bitsBefore: number, bitsAfter: number): void {
    if (bitsBefore === bitsAfter) return;
    const [day, dimCode, key] = entry.split('\t') as [string, string, string];
    const dim = DIM_OF[dimCode]!;
    const periods = periodsOf(dayKeyOf(Number(day)));
    for (const grain of GRAINS) {
      const id = `${dimCode}\t${grain}\t${periods[grain]}\t${key}`;
      let row = this.rows.get(id);
      if (!row) this.rows.set(id, (row = { dim, key, grain, period: periods[grain], c: new Int32Array(6) }));
      COUNTERS.forEach((name, i) => (row!.c[i]! += ((bitsAfter & BIT[name]) ? 1 : 0) - ((bitsBefore & BIT[name]) ? 1 : 0)));
    }
  }

  /** What changes from `before` to `after` (one customer). */
  diff(before: Parts, after: Parts): this {
    for (const [e, bits] of after) this.add(e, before.get(e) ?? 0, bits);
    for (const [e, bits] of before) if (!after.has(e)) this.add(e, bits, 0);
    return this;
  }

  deltas(): DailyDelta[] {
    const out: DailyDelta[] = [];
    for (const { dim, key, grain, period, c } of this.rows.values()) {
      if (c.every((n) => n === 0)) continue;
      out.push({ dim, key, grain, period, counts: countsOf(c) });
    }
    return out;
  }
}

/**
 * The rebuild's running sums: per (dim, key) one Int32Array of 6 counters per day, grown to the days
 * seen — memory is keys × days (3,700 keys × a year ≈ 32 MB), however many customers there are.
 */
export class DayTally {
  private readonly byKey = new Map<string, { first: number; c: Int32Array }>();

  addParts(p: Parts): void {
    for (const [e, bits] of p) {
      const cut = e.indexOf('\t');
      const day = Number(e.slice(0, cut));
      const id = e.slice(cut + 1);
      let t = this.byKey.get(id);
      if (!t) this.byKey.set(id, (t = { first: day, c: new Int32Array(6) }));
      if (day < t.first || day >= t.first + t.c.length / 6) t = this.grow(id, t, day);
      const at = (day - t.first) * 6;
      COUNTERS.forEach((name, i) => {
        if (bits & BIT[name]) t!.c[at + i]! += 1;
      });
    }
  }

  private grow(id: string, t: { first: number; c: Int32Array }, day: number) {
    const last = Math.max(t.first + t.c.length / 6 - 1, day);
    const first = Math.min(t.first, day);
    const days = Math.max(last - first + 1, Math.ceil((t.c.length / 6) * 1.5));
    const c = new Int32Array(days * 6);
    c.set(t.c, (t.first - first) * 6);
    const grown = { first, c };
    this.byKey.set(id, grown);
    return grown;
  }

  /** One row per (dim, key) and day, 旬, month and year with anything counted. */
  *rows(): Generator<DailyDelta> {
    for (const [id, { first, c }] of this.byKey) {
      const cut = id.indexOf('\t');
      const dim = DIM_OF[id.slice(0, cut)]!;
      const key = id.slice(cut + 1);
      const coarse = new Map<string, { grain: Grain; c: Int32Array }>();
      for (let i = 0; i < c.length / 6; i++) {
        const day = c.subarray(i * 6, i * 6 + 6);
        if (day.every((n) => n === 0)) continue;
        const periods = periodsOf(dayKeyOf(first + i));
        yield { dim, key, grain: 'd', period: periods.d, counts: countsOf(day) };
        for (const grain of COARSE) {
          const row = coarse.get(periods[grain]) ?? coarse.set(periods[grain], { grain, c: new Int32Array(6) }).get(periods[grain])!;
          for (let j = 0; j < 6; j++) row.c[j]! += day[j]!;
        }
      }
      for (const [period, row] of coarse) yield { dim, key, grain: row.grain, period, counts: countsOf(row.c) };
    }
  }
}

function countsOf(c: Int32Array): DailyDelta['counts'] {
  const out: DailyDelta['counts'] = {};
  COUNTERS.forEach((name, i) => {
    if (c[i]) out[name] = c[i];
  });
  return out;
}

export const dimCode = (dim: DailyDim) => DIM_CODE[dim];

/** How a range is read: whole years, months and 旬, and the days left. */
export interface Cover {
  years: string[];
  months: string[];
  tens: string[];
  spans: Array<[string, string]>;
}

/**
 * [start, end] ('YYYY-MM-DD', both included) as the fewest calendar blocks, largest first: years, months,
 * 旬, then days. A range reaching `today` may take a block that runs past it — no day after today holds
 * anything — so the presets that end today read a handful of rows per key: the last 365 days are ≤ 10
 * day, ≤ 2 旬, ≤ 2 month rows and a year row (≤ 13 month and ≤ 60 day rows before).
 */
export function coverOf(start: string, end: string, today?: string): Cover {
  const limit = today !== undefined && end >= today ? '9999-12-31' : end;
  const cover: Cover = { years: [], months: [], tens: [], spans: [] };
  let cursor = start;
  while (cursor <= end) {
    const month = cursor.slice(0, 7);
    const dom = Number(cursor.slice(8, 10));
    const yearEnd = `${cursor.slice(0, 4)}-12-31`;
    const monthEnd = lastDayOf(month);
    const tenEnd = dom === 1 ? `${month}-10` : dom === 11 ? `${month}-20` : dom === 21 ? monthEnd : '';
    if (cursor.slice(5) === '01-01' && yearEnd <= limit) {
      cover.years.push(cursor.slice(0, 4));
      cursor = nextDay(yearEnd);
    } else if (dom === 1 && monthEnd <= limit) {
      cover.months.push(month);
      cursor = nextDay(monthEnd);
    } else if (tenEnd && tenEnd <= limit) {
      cover.tens.push(periodsOf(cursor).t);
      cursor = nextDay(tenEnd);
    } else {
      const prev = cover.spans[cover.spans.length - 1];
      if (prev && nextDay(prev[1]) === cursor) prev[1] = cursor;
      else cover.spans.push([cursor, cursor]);
      cursor = nextDay(cursor);
    }
  }
  return cover;
}

/** A range as blocks to add and blocks to take away (rangeCover). */
export interface SignedCover {
  plus: Cover;
  minus: Cover;
}

const EMPTY: Cover = { years: [], months: [], tens: [], spans: [] };
/** Rows a cover reads per key. */
const rowsOf = (c: Cover) => c.years.length + c.months.length + c.tens.length + c.spans.reduce((n, [a, b]) => n + (Date.parse(b) - Date.parse(a)) / DAY_MS + 1, 0);

/**
 * [start, end] read in the fewest rows per key, allowing subtraction: the range widened to the start of
 * its month or year and to the end of its month or year, less what was added — e.g. the year to
 * 2026-10-28 from 2025-10-29 is 3 days + 2 months + the year 2026, less 3 days and 2 months (11 rows)
 * rather than 3 days + 11 months + 2 旬 + 8 days (24). Exact: each day is counted once in total.
 */
export function rangeCover(start: string, end: string, today?: string): SignedCover {
  const starts = [start, `${start.slice(0, 7)}-01`, `${start.slice(0, 4)}-01-01`];
  const ends = [end, lastDayOf(end.slice(0, 7)), `${end.slice(0, 4)}-12-31`];
  let best: SignedCover | null = null;
  let cost = Number.POSITIVE_INFINITY;
  for (const s of new Set(starts))
    for (const e of new Set(ends)) {
      const plus = coverOf(s, e, today);
      const before = s < start ? coverOf(s, prevDay(start)) : EMPTY;
      // What lies after today holds nothing: taking it away costs nothing.
      const after = e > end && !(today !== undefined && end >= today) ? coverOf(nextDay(end), e, today) : EMPTY;
      const minus: Cover = {
        years: [...before.years, ...after.years],
        months: [...before.months, ...after.months],
        tens: [...before.tens, ...after.tens],
        spans: [...before.spans, ...after.spans],
      };
      const n = rowsOf(plus) + rowsOf(minus);
      if (n < cost) [best, cost] = [{ plus, minus }, n];
    }
  return best!;
}

function prevDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(d).padStart(2, '0')}`;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}
