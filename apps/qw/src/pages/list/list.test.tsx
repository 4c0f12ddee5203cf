import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import QwListPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const info = {
  id: 3,
  nickname: '示例企业',
  accessType: 'internal',
  corpId: 'ww123',
  corpName: '示例科技',
  agentId: '1000002',
  callbackUrl: 'http://localhost:3000/api/wecom/callback/3',
  token: 'T'.repeat(32),
  encodingAesKey: 'K'.repeat(43),
  status: { tokenOk: true, callbackVerified: false, contactPermission: true, lastCheckedAt: 1 },
  sync: { status: 'running', phase: 'customer', done: 100, total: 200, percent: 80, syncedAt: null, error: null },
  createdAt: 1,
};

// antd's own defaults and the query client's own retries, as this suite was written.
const renderPage = (path = '/qw/list') => renderWithProviders(<QwListPage />, { path, antdZh: false, retry: true });

afterEach(() => mockedPost.mockReset());

describe('/qw/list', () => {
  it('shows each work space with its status badges and sync progress', async () => {
    mockedPost.mockImplementation(async (url: string) => (url === '/api/qw/list' ? { list: [{ id: 3, nickname: '示例企业', accessType: 'internal' }], total: 1 } : info));
    await renderPage();
    const card = await screen.findByTestId('work-space-card');
    for (const text of ['示例企业', '自建应用', '示例科技', '接口正常', '回调未验证', '客户联系权限', '同步客户（100/200）']) expect(card.textContent).toContain(text);
    expect(screen.getByTestId('sync-progress')).toBeTruthy();
  });

  it('shows the empty state with the connect button', async () => {
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderPage();
    await screen.findByText(/还没有连接企业微信/);
    expect(screen.getAllByRole('button', { name: '连接企业微信' }).length).toBeGreaterThan(0);
  });

  it('connects a self-built app, then shows the callback settings and refreshes the switcher', async () => {
    const refresh = vi.fn();
    const off = store.on('onWorkListRefresh', refresh);
    mockedPost.mockImplementation(async (url: string) => (url === '/api/account/ip/list' ? { list: ['203.0.113.7'] } : info));
    await renderPage('/qw/list?method=create');
    for (const text of ['自建应用', '直连', '第三方应用', '代开发应用']) expect(document.body.textContent).toContain(text);
    fireEvent.change(screen.getByLabelText('企业名称'), { target: { value: '示例企业' } });
    fireEvent.change(screen.getByLabelText('CorpID'), { target: { value: 'ww123' } });
    fireEvent.change(screen.getByLabelText('Secret'), { target: { value: 'sec' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存并连接' }));
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/add', { accessType: 'internal', nickname: '示例企业', corpId: 'ww123', secret: 'sec' }, { silent: true });
    expect((await screen.findByTestId('callback-url')).textContent).toContain('/api/wecom/callback/3');
    expect(screen.getByTestId('callback-aes-key').textContent).toContain('K'.repeat(43));
    expect((await screen.findByTestId('trusted-ip')).textContent).toContain('203.0.113.7');
    expect(refresh).toHaveBeenCalled();
    off();
  });
});
