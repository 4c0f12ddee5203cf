// Moving a group or a tag one place up or down: WeCom shows a larger `order` first, so the list is
// renumbered n…1 in its new sequence, and only the items whose order changes are sent.
export interface Ordered {
  id: string;
  order: number;
}

/** The order updates that move `id` one place `dir` in `items` (shown first-to-last); [] at an end. */
export function moveUpdates(items: Ordered[], id: string, dir: -1 | 1): Ordered[] {
  const i = items.findIndex((x) => x.id === id);
  const j = i + dir;
  if (i < 0 || j < 0 || j >= items.length) return [];
  const next = items.slice();
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next.flatMap((x, k) => (x.order === next.length - k ? [] : [{ id: x.id, order: next.length - k }]));
}
