import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './http';
import { GC_TIME_MS, createQueryClient, retryDelay, shouldRetry } from './query';

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
