// A few calls at once over a list (WeCom reads and writes whose rate the client's limiter keeps).

/**
 * Runs `fn` over `items`, at most `n` at a time, the results in the items' order. The first failure
 * stops the items not yet started and is thrown once the running ones have settled.
 */
export async function pool<T, R>(items: readonly T[], n: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i]!, i);
      } catch (err) {
        next = items.length;
        throw err;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(n, items.length) }, worker));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return out;
}
