import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, getToken, httpEvents, post, setToken, store, toast } from '@scrm/web-kit/base';
import { getSession, loadAccount, logout, watchUnauthorized } from './session';

vi.mock('@scrm/web-kit/base', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit/base')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const user = { id: 3, account: 'lisi', nickname: '李四', phone: '13900000000', isBindGzh: true, isChild: true };

function answer(routes: Record<string, unknown>) {
  mockedPost.mockImplementation(async (url: string) => {
    const value = routes[url];
    if (value instanceof Error) throw value;
    return value;
  });
}

beforeEach(() => {
  mockedPost.mockReset();
  window.location.hash = '';
});
afterEach(() => toast.destroy());

describe('session', () => {
  it('is a guest with the login modal when there is no token', async () => {
    await loadAccount();
    expect(getSession()).toMatchObject({ phase: 'guest', loginOpen: true });
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('loads info and permissions into the shared store', async () => {
    setToken('t');
    answer({
      '/api/account/info': user,
      '/api/account/permission/detail': [{ key: 'acquire', open: false, children: [{ key: 'channel-qrcode', open: true }] }],
    });
    await loadAccount();
    expect(getSession()).toMatchObject({ phase: 'authed', loginOpen: false });
    expect(store.get('userInfo')).toMatchObject({ nickname: '李四', isChild: true, permissionOpenKeys: ['channel-qrcode'] });
    expect(store.get('auth')['channel-qrcode']).toBe(true);
    expect(store.get('auth')['staff']).toBe(false);
  });

  it('opens the login modal on a 401, except on the code detail pages', async () => {
    setToken('t');
    answer({ '/api/account/info': user, '/api/account/permission/detail': [] });
    await loadAccount();
    const stop = watchUnauthorized();
    window.location.hash = '#/channel-qrcode/detail?id=1';
    httpEvents.emit('unauthorized', new ApiRequestError(401, 10401, '请先登录'));
    expect(getSession().loginOpen).toBe(false);
    window.location.hash = '#/customer/list';
    httpEvents.emit('unauthorized', new ApiRequestError(401, 10401, '请先登录'));
    expect(getSession().loginOpen).toBe(true);
    stop();
  });

  it('becomes a guest on 10401 and forgets the token', async () => {
    setToken('expired');
    answer({ '/api/account/info': new ApiRequestError(401, 10401, '登录已失效'), '/api/account/permission/detail': [] });
    await loadAccount();
    expect(getSession()).toMatchObject({ phase: 'guest', loginOpen: true });
    expect(getToken()).toBeNull();
  });

  it('hands other failures to the general handler', async () => {
    setToken('t');
    answer({ '/api/account/info': new ApiRequestError(500, 500, '服务器开小差了'), '/api/account/permission/detail': [] });
    await loadAccount();
    expect(getSession()).toMatchObject({ phase: 'failed', failure: '服务器开小差了' });
    expect(document.querySelector('.scrm-toast')?.textContent).toBe('服务器开小差了');
    expect(getToken()).toBe('t');
  });

  it('logs out: calls the server, drops the token, shows the login modal', async () => {
    setToken('t');
    answer({ '/api/account/logout': null });
    await logout();
    expect(mockedPost).toHaveBeenCalledWith('/api/account/logout', {}, { silent: true });
    expect(getToken()).toBeNull();
    expect(getSession()).toMatchObject({ phase: 'guest', loginOpen: true });
  });
});
