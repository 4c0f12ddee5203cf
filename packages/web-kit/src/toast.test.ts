import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';

const shown = () => [...document.querySelectorAll('.scrm-toast')].map((el) => [el.getAttribute('data-toast-type'), el.textContent]);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  toast.destroy();
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows at the top and closes after 3000 ms by default', () => {
    toast.info('已保存');
    expect(shown()).toEqual([['info', '已保存']]);
    expect(document.querySelector('.scrm-toast-root')).not.toBeNull();
    vi.advanceTimersByTime(2999);
    expect(shown()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('takes a duration, 0 meaning it stays', () => {
    toast.success('好', 500);
    toast.warning('留着', { duration: 0 });
    vi.advanceTimersByTime(10_000);
    expect(shown()).toEqual([['warning', '留着']]);
  });

  it('replaces a toast with the same key, restarting its time', () => {
    toast.loading('保存中', { key: 'k', duration: 0 });
    toast.error('保存失败', { key: 'k' });
    expect(shown()).toEqual([['error', '保存失败']]);
    vi.advanceTimersByTime(3000);
    expect(shown()).toEqual([]);
  });

  it('stacks different toasts and closes one on request', () => {
    const close = toast.info('一');
    toast.info('二');
    close();
    expect(shown()).toEqual([['info', '二']]);
  });
});
