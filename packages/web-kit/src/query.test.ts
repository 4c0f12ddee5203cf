import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './http';
import { GC_TIME_MS, PREFETCH_FRESH_MS, createQueryClient, prefetchPageQuery, retryDelay, shouldRetry } from './query';
import { store } from './store';
import { lazyPage } from './sub-app';

describe('query defaults (spec §9)', () => {
  it('does not refetch on focus and keeps data for 5 minutes', () => {
    const queries = createQueryClient().getDefaultOptions().queries!;
    expect(queries.refetchOnWindowFocus).toBe(false);
    expect(queries.gcTime).toBe(5 * 60 * 1000);
    expect(GC_TIME_MS).toBe(300_000);
    expect(queries.retry).toBe(shouldRetry);
    expect(queries.retryDelay).toBe(retryDelay);
  });

  it('retries up to 3 times', () => {
    const err = new ApiRequestError(500, 500, 'x');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, err))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new Error('Network Error'))).toBe(true);
  });

  it('does not retry an answer that says the request is wrong', () => {
    expect(shouldRetry(0, new ApiRequestError(401, 10401, '请先登录'))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(400, 400, '参数错误'))).toBe(false);
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('a page fetched ahead on a menu hover', () => {
  afterEach(() => vi.useRealTimers());

  /** A page whose first query counts its fetches, and what mounting it does. */
  function counted() {
    const asked: number[] = [];
    const queryFn = ({ queryKey }: { queryKey: readonly unknown[] }) => (asked.push(queryKey[1] as number), Promise.resolve({ rows: [1, 2] }));
    const Page = lazyPage(async () => ({
      default: () => null,
      prefetch: (client: QueryClient, workId: number) => prefetchPageQuery(client, { queryKey: ['codes', workId], queryFn }),
    }));
    // As useQuery mounts: an optimistic result first, then the subscription (each asks refetchOnMount).
    const mount = async (client: QueryClient, workId: number) => {
      const options = { ...client.defaultQueryOptions({ queryKey: ['codes', workId], queryFn }), _optimisticResults: 'optimistic' as const };
      const observer = new QueryObserver(client, options);
      observer.getOptimisticResult(options);
      const stop = observer.subscribe(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
      stop();
      return observer.getCurrentResult().data;
    };
    return { asked, Page, mount };
  }

  it('loads the page and starts its first query for the work space in use, which the page then shows without asking again', async () => {
    const client = createQueryClient();
    const { asked, Page, mount } = counted();
    store.set('workId', 7);
    expect(Page.loaded()).toBe(false);
    await Page.prefetch(client);
    expect(Page.loaded()).toBe(true);
    expect(asked).toEqual([7]);
    expect(await mount(client, 7)).toEqual({ rows: [1, 2] });
    expect(asked).toEqual([7]);
    // Past the fresh window a visit asks as usual for data that is stale.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + PREFETCH_FRESH_MS + 1);
    await mount(client, 7);
    expect(asked).toEqual([7, 7]);
  });

  it('does not ask again while the pointer comes back within the fresh window', async () => {
    const client = createQueryClient();
    const { asked, Page } = counted();
    store.set('workId', 9);
    await Page.prefetch(client);
    await Page.prefetch(client);
    await Page.prefetch(client);
    expect(asked).toEqual([9]);
  });
});
