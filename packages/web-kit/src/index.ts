// The one entry of @scrm/web-kit. It is shared as a Module Federation singleton, so the shell and
// every sub-app get the same HTTP client, store and toasts. It must not import antd: the shell's
// guest path (login gate) loads it before antd.
export * from './base';
export { GC_TIME_MS, MAX_RETRIES, PREFETCH_FRESH_MS, createQueryClient, prefetchPageQuery, queryDefaults, retryDelay, shouldRetry } from './query';
export { useRefreshingMutation } from './query';
export type { QueryConfig, RefreshOptions } from './query';
