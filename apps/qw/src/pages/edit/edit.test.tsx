import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import QwEditPage from './index';
import QwThirdAppCallbackPage from '../thirdapp-callback';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const info = {
  id: 5,
  nickname: '旧名称',
  accessType: 'internal',
  corpId: 'ww555',
  corpName: '',
  agentId: '1000002',
  callbackUrl: 'http://localhost:3000/api/wecom/callback/5',
  token: 'T'.repeat(32),
  encodingAesKey: 'K'.repeat(43),
  status: { tokenOk: true, callbackVerified: true, contactPermission: false, lastCheckedAt: 1 },
  sync: { status: 'done', phase: '', done: 0, total: 0, percent: 100, syncedAt: 1, error: null },
  createdAt: 1,
};

// antd's own defaults and the query client's own retries, as this suite was written.
const renderAt = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/qw/edit" element={<QwEditPage />} />
      <Route path="/qw/thirdapp/callback" element={<QwThirdAppCallbackPage />} />
      <Route path="/qw/list" element={<div>企业列表页</div>} />
    </Routes>,
    { path, antdZh: false, retry: true },
  );

afterEach(() => mockedPost.mockReset());

// antd's first render in jsdom is slow when the web suite runs in parallel.
describe('/qw/edit', { timeout: 30_000 }, () => {
  it('edits the nickname (the secret only when typed) and shows the callback settings', async () => {
    const refresh = vi.fn();
    const off = store.on('onWorkListRefresh', refresh);
    mockedPost.mockImplementation(async (url: string, body: unknown) =>
      url === '/api/account/ip/list' ? { list: [] } : url === '/api/qw/update' ? { ...info, ...(body as object) } : info,
    );
    await renderAt('/qw/edit?id=5');
    expect((await screen.findByTestId('callback-token')).textContent).toContain('T'.repeat(32));
    expect(screen.getByTestId('status-badges').textContent).toContain('回调已验证');
    expect(await screen.findByText('未获取到服务器 IP，请联系管理员配置 TRUSTED_IPS')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('企业名称'), { target: { value: '新名称' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/update', { id: 5, nickname: '新名称', agentId: '1000002' }, { silent: true });
    expect(refresh).toHaveBeenCalled();
    off();
  });

  it('says so when the work space does not exist', async () => {
    await renderAt('/qw/edit');
    expect(await screen.findByText('企业不存在或已删除')).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalled();
  });
});

describe('/qw/thirdapp/callback', () => {
  it('exchanges the auth code and goes to the list', async () => {
    mockedPost.mockResolvedValue(info);
    await renderAt('/qw/thirdapp/callback?auth_code=CODE&state=STATE');
    expect(await screen.findByText('企业列表页')).toBeTruthy();
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/third/auth/callback', { auth_code: 'CODE', state: 'STATE' }, { silent: true });
  });

  it('shows the failure', async () => {
    mockedPost.mockRejectedValue(new Error('授权已过期，请重新发起授权'));
    await renderAt('/qw/thirdapp/callback?auth_code=CODE&state=STATE');
    expect(await screen.findByText('授权已过期，请重新发起授权')).toBeTruthy();
  });
});
