// The arithmetic of the roll-ups: a range read as whole months, 旬 and edge days; what one customer
// contributes (once per day and key); a change applied as a difference; the rebuild's tally.
import { describe, expect, it } from 'vitest';
import { coverOf, DayTally, decodeParts, DeltaSum, encodeParts, partsOf, periodsOf, rangeCover, type Cover, type RelationState } from '../../src/data/daily-figures.js';

const DAY = 86_400_000;
// 2026-03-31 23:30 in China (15:30 UTC).
const at = Date.UTC(2026, 2, 31, 15, 30);
const rel = (over: Partial<RelationState>): RelationState => ({ userid: 'u1', createtime: at, state: '', deleted_at: null, deleted_by_customer_at: null, tags: [], ...over });
const codeOf = (s: string) => (s === 's7' ? 7 : 0);
const rows = (sum: DeltaSum) => sum.deltas().map((r) => `${r.dim}:${r.grain}:${r.period}:${r.key}:${JSON.stringify(r.counts)}`).sort();

describe('coverOf', () => {
  it('reads a range as the fewest calendar blocks: years, months, 旬, then days', () => {
    expect(coverOf('2026-01-15', '2026-04-10')).toEqual({ years: [], months: ['2026-02', '2026-03'], tens: ['2026-01/3', '2026-04/1'], spans: [['2026-01-15', '2026-01-20']] });
    expect(coverOf('2026-02-01', '2026-02-28')).toEqual({ years: [], months: ['2026-02'], tens: [], spans: [] });
    expect(coverOf('2024-02-01', '2024-02-28')).toEqual({ years: [], months: [], tens: ['2024-02/1', '2024-02/2'], spans: [['2024-02-21', '2024-02-28']] });
    expect(coverOf('2026-03-05', '2026-03-05')).toEqual({ years: [], months: [], tens: [], spans: [['2026-03-05', '2026-03-05']] });
    expect(coverOf('2025-01-01', '2025-12-31')).toEqual({ years: ['2025'], months: [], tens: [], spans: [] });
    const year = coverOf('2025-11-27', '2026-11-26');
    expect(year).toEqual({ years: [], months: ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10'], tens: ['2026-11/1', '2026-11/2'], spans: [['2025-11-27', '2025-11-30'], ['2026-11-21', '2026-11-26']] });
  });

  it('a range reaching today takes blocks running past it (no later day holds anything)', () => {
    expect(coverOf('2025-11-27', '2026-11-26', '2026-11-26')).toEqual({ years: ['2026'], months: ['2025-12'], tens: [], spans: [['2025-11-27', '2025-11-30']] });
    expect(coverOf('2026-10-28', '2026-11-26', '2026-11-26')).toEqual({ years: [], months: ['2026-11'], tens: [], spans: [['2026-10-28', '2026-10-31']] });
    // Ending before today: exact blocks only.
    expect(coverOf('2026-10-28', '2026-11-26', '2026-11-27').months).toEqual([]);
  });
});

describe('rangeCover', () => {
  it('takes blocks away when that reads fewer rows: a past year is 11 rows, not 24', () => {
    const c = rangeCover('2025-10-29', '2026-10-28', '2026-11-27');
    expect(c.plus).toEqual({ years: ['2026'], months: ['2025-11', '2025-12'], tens: [], spans: [['2025-10-29', '2025-10-31']] });
    expect(c.minus).toEqual({ years: [], months: ['2026-11', '2026-12'], tens: [], spans: [['2026-10-29', '2026-10-31']] });
    expect(rangeCover('2026-03-05', '2026-03-05').minus).toEqual({ years: [], months: [], tens: [], spans: [] });
  });

  it('counts every day of the range once and no other day (random ranges over random days)', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const days: string[] = [];
    for (let t = Date.UTC(2024, 0, 1); t <= Date.UTC(2027, 11, 31); t += DAY) days.push(new Date(t).toISOString().slice(0, 10));
    const today = '2026-11-27';
    const value = new Map(days.filter((d) => d <= today).map((d) => [d, Math.floor(rnd() * 100)]));
    const blocks = new Map<string, number>();
    for (const [d, v] of value) for (const [g, p] of Object.entries(periodsOf(d))) blocks.set(`${g}:${p}`, (blocks.get(`${g}:${p}`) ?? 0) + v);
    const read = (c: Cover) =>
      [...c.years.map((p) => `y:${p}`), ...c.months.map((p) => `m:${p}`), ...c.tens.map((p) => `t:${p}`)].reduce((n, k) => n + (blocks.get(k) ?? 0), 0) +
      c.spans.reduce((n, [a, b]) => n + days.filter((d) => d >= a && d <= b).reduce((m, d) => m + (value.get(d) ?? 0), 0), 0);
    for (let i = 0; i < 300; i++) {
      const a = days[Math.floor(rnd() * 1000)]!;
      const b = days[Math.min(days.length - 1, days.indexOf(a) + Math.floor(rnd() * 366))]!;
      const c = rangeCover(a, b, today);
      const direct = days.filter((d) => d >= a && d <= b).reduce((n, d) => n + (value.get(d) ?? 0), 0);
      expect(read(c.plus) - read(c.minus)).toBe(direct);
    }
  });
});

describe('partsOf', () => {
  it('a customer added by two members on one day counts once for the work space, once per member', () => {
    const p = partsOf([rel({ state: 's7', tags: ['t1', 't1'] }), rel({ userid: 'u2', createtime: at - 3_600_000, tags: ['t1'] })], codeOf);
    const sum = new DeltaSum().diff(new Map(), p);
    expect(rows(sum).filter((r) => r.includes(':d:'))).toEqual([
      'all:d:2026-03-31::{"adds":1}', 'code:d:2026-03-31:0:{"adds":1}', 'code:d:2026-03-31:7:{"adds":1}', 'member:d:2026-03-31:u1:{"adds":1}',
      'member:d:2026-03-31:u2:{"adds":1}', 'tag:d:2026-03-31:t1:{"adds":1}',
    ]);
    expect(rows(sum)).toContain('all:t:2026-03/3::{"adds":1}');
    expect(rows(sum)).toContain('all:m:2026-03::{"adds":1}');
    expect(rows(sum)).toContain('all:y:2026::{"adds":1}');
  });

  it('deletions count on their day; lost_n on the add’s day only when every relation added that day was lost', () => {
    const one = partsOf([rel({ deleted_by_customer_at: at + 2 * DAY })], codeOf);
    const all = rows(new DeltaSum().diff(new Map(), one)).filter((r) => r.startsWith('all:d'));
    expect(all).toEqual(['all:d:2026-03-31::{"adds":1,"lost_7":1,"lost_30":1}', 'all:d:2026-04-02::{"deleted_by_customer":1}']);
    const kept = partsOf([rel({ deleted_by_customer_at: at + 2 * DAY }), rel({ userid: 'u2' })], codeOf);
    expect(rows(new DeltaSum().diff(new Map(), kept)).filter((r) => r.startsWith('all:d'))).toEqual([
      'all:d:2026-03-31::{"adds":1}', 'all:d:2026-04-02::{"deleted_by_customer":1}',
    ]);
  });

  it('a re-add moves the add to its new day (as the list’s 添加时间 does): the difference takes it off the old one', () => {
    const before = partsOf([rel({ deleted_at: at + DAY })], codeOf);
    const after = partsOf([rel({ createtime: at + 5 * DAY })], codeOf);
    const d = rows(new DeltaSum().diff(decodeParts(encodeParts(before)), after)).filter((r) => r.startsWith('all:d'));
    expect(d).toEqual([
      'all:d:2026-03-31::{"adds":-1,"lost_7":-1,"lost_30":-1}', 'all:d:2026-04-01::{"deleted_by_member":-1}', 'all:d:2026-04-05::{"adds":1}',
    ]);
    expect(new DeltaSum().diff(before, before).deltas()).toEqual([]);
  });
});

describe('DayTally', () => {
  it('gives the rows the differences from nothing give', () => {
    const customers = [
      [rel({ state: 's7', tags: ['t1'] }), rel({ userid: 'u2', deleted_at: at + 40 * DAY })],
      [rel({ createtime: at - 20 * DAY, deleted_by_customer_at: at })],
    ];
    const tally = new DayTally();
    const sum = new DeltaSum();
    for (const c of customers) {
      const p = partsOf(c, codeOf);
      tally.addParts(p);
      sum.diff(new Map(), p);
    }
    const fromTally = [...tally.rows()].map((r) => `${r.dim}:${r.grain}:${r.period}:${r.key}:${JSON.stringify(r.counts)}`).sort();
    expect(fromTally).toEqual(rows(sum));
  });
});
