// Data fetching defaults of spec §9, one place for every app.
import { QueryClient, hashKey, useMutation, useQueryClient, type DefaultOptions, type FetchQueryOptions, type Query, type QueryKey } from '@tanstack/react-query';
import { ApiRequestError } from './http';

export const MAX_RETRIES = 3;
export const GC_TIME_MS = 5 * 60_000;

/** Exponential backoff: 1 s, 2 s, 4 s … capped at 30 s. */
export const retryDelay = (failureCount: number): number => Math.min(1000 * 2 ** failureCount, 30_000);

/** Up to three retries; an answer that says the request itself is wrong (4xx) is not retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** How long data fetched ahead for a page (on a menu hover) is fresh for the page that then shows it. */
export const PREFETCH_FRESH_MS = 10_000;
const prefetchedAt = new Map<string, number>();

/**
 * Fetches a page's first query ahead (the pointer rests on its menu item). The page shown within
 * PREFETCH_FRESH_MS of that uses the answer without asking again; later, or for any other query, a mount
 * asks as usual (once data is stale).
 */
export function prefetchPageQuery<TData, TKey extends QueryKey>(client: QueryClient, options: FetchQueryOptions<TData, Error, TData, TKey>): Promise<void> {
  return client.prefetchQuery({ ...options, staleTime: PREFETCH_FRESH_MS }).then(() => {
    prefetchedAt.set(hashKey(options.queryKey), Date.now());
  });
}

/**
 * A mount refetches stale data, except data fetched ahead for a page less than PREFETCH_FRESH_MS ago (an
 * observer asks this more than once as it mounts, so the answer must not change on being asked).
 */
export function refetchOnMount(query: Pick<Query, 'queryHash'>): boolean {
  const at = prefetchedAt.get(query.queryHash);
  if (at === undefined) return true;
  if (Date.now() - at <= PREFETCH_FRESH_MS) return false;
  prefetchedAt.delete(query.queryHash);
  return true;
}

export const queryDefaults: DefaultOptions = {
  queries: {
    refetchOnWindowFocus: false,
    refetchOnMount,
    retry: shouldRetry,
    retryDelay,
    gcTime: GC_TIME_MS,
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}

/** What a page may add to an api file's `queryOptions` (polling, placeholder, retry…): not its key or function. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type QueryConfig<T extends (...args: any[]) => unknown> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

export interface RefreshOptions<TData = unknown> {
  /** The mutation resolves only once the queries are read again (a page that navigates to them next). */
  wait?: boolean;
  /** Refresh after a failure too (a failure may have changed part of the data). */
  always?: boolean;
  /** Where the answer is cached first (the saved thing, for the detail page opened next). */
  keep?: (data: TData) => QueryKey;
}

/** A mutation after which every query under `key` is read again: the invalidation of an api file's mutation hook. */
export function useRefreshingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  key: QueryKey,
  { wait = false, always = false, keep }: RefreshOptions<TData> = {},
) {
  const client = useQueryClient();
  const refresh = () => {
    const done = client.invalidateQueries({ queryKey: key });
    return wait ? done : undefined;
  };
  const onSuccess = (data: TData) => {
    if (keep) client.setQueryData(keep(data), data);
    return always ? undefined : refresh();
  };
  return useMutation({ mutationFn, onSuccess, ...(always ? { onSettled: refresh } : {}) });
}
