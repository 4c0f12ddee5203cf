import { describe, expect, it } from 'vitest';
import { moveUpdates } from './reorder';

describe('moveUpdates', () => {
  it('renumbers n…1 in the new sequence, sending only what changes', () => {
    const items = [{ id: 'a', order: 3 }, { id: 'b', order: 2 }, { id: 'c', order: 1 }];
    expect(moveUpdates(items, 'c', -1)).toEqual([{ id: 'c', order: 2 }, { id: 'b', order: 1 }]);
    expect(moveUpdates(items, 'a', 1)).toEqual([{ id: 'b', order: 3 }, { id: 'a', order: 2 }]);
  });

  it('gives equal orders (WeCom’s default 0) distinct values', () => {
    const items = [{ id: 'a', order: 0 }, { id: 'b', order: 0 }];
    expect(moveUpdates(items, 'b', -1)).toEqual([{ id: 'b', order: 2 }, { id: 'a', order: 1 }]);
  });

  it('does nothing at either end or for an unknown id', () => {
    const items = [{ id: 'a', order: 2 }, { id: 'b', order: 1 }];
    expect(moveUpdates(items, 'a', -1)).toEqual([]);
    expect(moveUpdates(items, 'b', 1)).toEqual([]);
    expect(moveUpdates(items, 'x', 1)).toEqual([]);
  });
});
