// Data fetching defaults of spec §9, one place for every app.
import { QueryClient, useMutation, useQueryClient, type DefaultOptions, type QueryKey } from '@tanstack/react-query';
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

export const queryDefaults: DefaultOptions = {
  queries: {
    refetchOnWindowFocus: false,
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
