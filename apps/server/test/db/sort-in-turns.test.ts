// A long sort gives the event loop turns: the sync sorts 400,000 relations by customer before writing
// them, and the server must go on answering meanwhile.
import { describe, expect, it } from 'vitest';
import { sortInTurns } from '../../src/db/next-turn.js';

describe('sortInTurns', () => {
  it('sorts as Array.sort does, keeping equal items in their order, and lets the event loop run between steps', async () => {
    const items = Array.from({ length: 10_007 }, (_, i) => ({ key: `k${(i * 7919) % 1000}`, at: i }));
    const compare = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
    // Something else waiting on the event loop: it runs once per turn the sort gives.
    let turns = 0;
    let sorting = true;
    const other = () => {
      turns++;
      if (sorting) setImmediate(other);
    };
    setImmediate(other);
    const sorted = await sortInTurns(items, compare, 1_000);
    sorting = false;
    expect(sorted).toEqual([...items].sort(compare));
    expect(sorted).toHaveLength(items.length);
    expect(turns).toBeGreaterThan(20);
    expect(await sortInTurns([], compare)).toEqual([]);
  });
});
