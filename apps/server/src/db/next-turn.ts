// SQLite's driver answers synchronously: a loop of awaited statements never gives the event loop a
// turn, so a long job (a full customer pass, an auto-tag run over 200,000 relations that needs no
// WeCom call) kept the server from answering anything for minutes. Long loops await this between
// slices. (On PostgreSQL every statement already waits on the network; the turn costs nothing.)

/** Lets the event loop answer what waits (HTTP, timers, job leases) before the next slice. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `items` sorted by `compare`, a turn of the event loop after each ~`step` elements: a merge sort of
 * sorted runs (400,000 relations sorted at once held the process for 600 ms).
 */
export async function sortInTurns<T>(items: readonly T[], compare: (a: T, b: T) => number, step = 20_000): Promise<T[]> {
  let runs: T[][] = [];
  for (let i = 0; i < items.length; i += step) {
    runs.push(items.slice(i, i + step).sort(compare));
    await nextTurn();
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let i = 0; i < runs.length; i += 2) merged.push(i + 1 < runs.length ? await mergeInTurns(runs[i]!, runs[i + 1]!, compare, step) : runs[i]!);
    runs = merged;
  }
  return runs[0] ?? [];
}

async function mergeInTurns<T>(a: T[], b: T[], compare: (a: T, b: T) => number, step: number): Promise<T[]> {
  const out: T[] = new Array<T>(a.length + b.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < out.length; ) {
    for (const stop = Math.min(out.length, k + step); k < stop; k++) out[k] = j >= b.length || (i < a.length && compare(a[i]!, b[j]!) <= 0) ? a[i++]! : b[j++]!;
    if (k < out.length) await nextTurn();
  }
  return out;
}
