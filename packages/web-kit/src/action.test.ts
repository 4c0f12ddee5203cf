import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runAction } from './action';
import { ApiRequestError } from './http';
import { toast } from './toast';

const shown = () => [...document.querySelectorAll('.scrm-toast')].map((el) => [el.getAttribute('data-toast-type'), el.textContent]);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  toast.destroy();
  vi.useRealTimers();
});

describe('runAction (spec §7)', () => {
  it('shows a loading toast, then 「操作成功」', async () => {
    let finish!: (v: number) => void;
    const pending = runAction(() => new Promise<number>((resolve) => (finish = resolve)));
    expect(shown()).toEqual([['loading', '正在处理…']]);
    finish(1);
    await expect(pending).resolves.toBe(1);
    expect(shown()).toEqual([['success', '操作成功']]);
  });

  it('takes its own texts', async () => {
    await runAction(async () => 1, { loading: '保存中', success: '已保存' });
    expect(shown()).toEqual([['success', '已保存']]);
  });

  it('gives the loading toast a 30 s timeout', () => {
    void runAction(() => new Promise(() => undefined));
    vi.advanceTimersByTime(29_999);
    expect(shown()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('shows the error and rethrows it', async () => {
    await expect(runAction(() => Promise.reject(new ApiRequestError(409, 409, '名称已存在')))).rejects.toMatchObject({ code: 409 });
    expect(shown()).toEqual([['error', '名称已存在']]);
  });
});
