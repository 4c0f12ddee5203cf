import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, http, httpEvents } from '@scrm/web-kit';
import { postBlob } from './post-blob';

afterEach(() => document.querySelector('.scrm-toast-root')?.remove());

describe('postBlob', () => {
  it('resolves with the file', async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    const spy = vi.spyOn(http, 'post').mockResolvedValue({ status: 200, data: png });
    await expect(postBlob('/api/qw/lxw/qrcode', { id: 3 })).resolves.toBe(png);
    expect(spy).toHaveBeenCalledWith('/api/qw/lxw/qrcode', { id: 3 }, { responseType: 'blob' });
  });

  it("reads the server's message out of a failed blob answer, toasts it and reports a 401", async () => {
    const body = new Blob([JSON.stringify({ code: 404, message: '活码不存在' })], { type: 'application/json' });
    vi.spyOn(http, 'post').mockRejectedValue(Object.assign(new Error('Request failed with status code 404'), { response: { status: 404, data: body } }));
    const error = await postBlob('/api/qw/lxw/qrcode', { id: 9 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 404, message: '活码不存在' });
    expect(document.querySelector('.scrm-toast-root')?.textContent).toContain('活码不存在');

    const unauthorized = vi.fn();
    const off = httpEvents.on('unauthorized', unauthorized);
    const denied = new Blob([JSON.stringify({ code: 401, message: '请先登录' })]);
    vi.spyOn(http, 'post').mockRejectedValue(Object.assign(new Error('x'), { response: { status: 401, data: denied } }));
    await postBlob('/api/qw/lxw/qrcode', { id: 9 }).catch(() => undefined);
    expect(unauthorized).toHaveBeenCalled();
    off();
  });
});
