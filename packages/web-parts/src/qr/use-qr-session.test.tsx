import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@scrm/web-kit';
import { useQrSession, type QrSessionOptions } from './use-qr-session';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const flush = () => act(async () => undefined);
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

function setup(poll: QrSessionOptions['poll'], extra: Partial<QrSessionOptions> = {}) {
  let n = 0;
  const options: QrSessionOptions = {
    fetchCode: vi.fn(async () => ({ code: `c${++n}`, url: `https://qr/${n}`, expiresIn: 600_000 })),
    poll: vi.fn(poll),
    onToken: vi.fn(),
    ...extra,
  };
  const hook = renderHook(() => useQrSession(options));
  return { options, hook };
}

describe('useQrSession (spec §4)', () => {
  it('fetches a code and polls every second until a token comes', async () => {
    let answers = 0;
    const { options, hook } = setup(async () => (++answers === 3 ? 'tok' : null));
    await flush();
    expect(hook.result.current.url).toBe('https://qr/1');
    expect(options.poll).not.toHaveBeenCalled();
    await tick(1000);
    expect(options.poll).toHaveBeenCalledTimes(1);
    expect(options.poll).toHaveBeenLastCalledWith('c1');
    await tick(2000);
    expect(options.onToken).toHaveBeenCalledWith('tok');
    await tick(5000);
    expect(options.poll).toHaveBeenCalledTimes(3);
  });

  it('expires after 10 minutes and refreshes on demand', async () => {
    const { options, hook } = setup(async () => null);
    await flush();
    await tick(600_000);
    expect(hook.result.current.expired).toBe(true);
    const polls = vi.mocked(options.poll).mock.calls.length;
    await tick(5000);
    expect(options.poll).toHaveBeenCalledTimes(polls);
    act(() => hook.result.current.refresh());
    await flush();
    expect(hook.result.current).toMatchObject({ expired: false, url: 'https://qr/2' });
  });

  it('stops when the error handler says so (10006)', async () => {
    const onPollError = vi.fn((e: ApiRequestError) => e.code === 10006);
    const { options } = setup(async () => {
      throw new ApiRequestError(400, 10006, '该微信尚未注册');
    }, { onPollError });
    await flush();
    await tick(1000);
    expect(onPollError).toHaveBeenCalledWith(expect.objectContaining({ code: 10006 }), 'c1');
    await tick(5000);
    expect(options.poll).toHaveBeenCalledTimes(1);
  });

  it('shows other polling errors and keeps polling', async () => {
    let fail = true;
    const { options, hook } = setup(async () => {
      if (fail) throw new ApiRequestError(500, 500, '服务器开小差了');
      return null;
    });
    await flush();
    await tick(1000);
    expect(hook.result.current.error).toBe('服务器开小差了');
    fail = false;
    await tick(1000);
    expect(hook.result.current.error).toBeNull();
    expect(options.poll).toHaveBeenCalledTimes(2);
  });
});
