// The arithmetic of the roll-ups: a range read as whole months and edge days; what one event adds.
import { describe, expect, it } from 'vitest';
import { coverOf, DailyTally } from '../../src/data/daily-figures.js';

describe('coverOf', () => {
  it('reads whole months as month rows and the rest as day spans', () => {
    expect(coverOf('2026-01-15', '2026-04-10')).toEqual({ months: ['2026-02', '2026-03'], spans: [['2026-01-15', '2026-01-31'], ['2026-04-01', '2026-04-10']] });
    expect(coverOf('2026-02-01', '2026-02-28')).toEqual({ months: ['2026-02'], spans: [] });
    expect(coverOf('2024-02-01', '2024-02-28')).toEqual({ months: [], spans: [['2024-02-01', '2024-02-28']] });
    expect(coverOf('2026-03-05', '2026-03-05')).toEqual({ months: [], spans: [['2026-03-05', '2026-03-05']] });
    expect(coverOf('2025-11-27', '2026-11-26').months).toHaveLength(11);
  });
});

describe('DailyTally', () => {
  it('an add counts on its China day and month for the work space, member, code and tags', () => {
    // 2026-03-31 23:30 in China (15:30 UTC).
    const at = Date.UTC(2026, 2, 31, 15, 30);
    const rows = [...new DailyTally().add({ kind: 'add', at, userid: 'u1', contactWayId: 7, tags: ['t1', 't1'], firstLossOf: null }).rows()];
    expect(rows.map((r) => `${r.dim}:${r.grain}:${r.period}:${r.key}`).sort()).toEqual([
      'all:d:2026-03-31:', 'all:m:2026-03:', 'code:d:2026-03-31:7', 'code:m:2026-03:7', 'member:d:2026-03-31:u1', 'member:m:2026-03:u1', 'tag:d:2026-03-31:t1', 'tag:m:2026-03:t1',
    ]);
    expect(rows.every((r) => r.counts.adds === 1)).toBe(true);
  });

  it('a first deletion within 7 days counts lost_7 and lost_30 on the add’s day', () => {
    const addAt = Date.UTC(2026, 0, 1, 2);
    const rows = [...new DailyTally().add({ kind: 'delete_by_customer', at: addAt + 2 * 86_400_000, userid: 'u1', contactWayId: 0, tags: [], firstLossOf: { at: addAt, userid: 'u1', contactWayId: 0 } }).rows()];
    const all = rows.filter((r) => r.dim === 'all' && r.grain === 'd');
    expect(all).toEqual([
      { dim: 'all', grain: 'd', period: '2026-01-03', key: '', counts: { deleted_by_customer: 1 } },
      { dim: 'all', grain: 'd', period: '2026-01-01', key: '', counts: { lost_7: 1, lost_30: 1 } },
    ]);
    expect(rows.filter((r) => r.dim === 'all' && r.grain === 'm')).toEqual([
      { dim: 'all', grain: 'm', period: '2026-01', key: '', counts: { deleted_by_customer: 1, lost_7: 1, lost_30: 1 } },
    ]);
  });
});
