import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post } from '@scrm/web-kit';
import { renderPage } from '../../test/render';
import SubaccountEditPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

afterEach(() => mockedPost.mockReset());

describe('/setting/subaccount/edit', { timeout: 30_000 }, () => {
  it('asks for account, password, role and a work space in Chinese', async () => {
    mockedPost.mockImplementation(async (url: string) => {
      if (url === '/api/account/child/permission/list') return { list: [], total: 0 };
      if (url === '/api/qw/list') return { list: [], total: 0 };
      return null;
    });
    await renderPage(<SubaccountEditPage />, { path: '/setting/subaccount/edit' });
    fireEvent.change(await screen.findByTestId('child-phone'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('child-submit'));
    for (const m of ['请输入登录账号', '请输入登录密码', '请选择功能角色', '请至少选择一个企业', '请输入 11 位手机号']) expect(await screen.findByText(m)).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalledWith('/api/account/child/create', expect.anything(), expect.anything());
  });

  it('says so when the child does not exist', async () => {
    mockedPost.mockImplementation(async (url: string) => {
      if (url === '/api/account/child/info') throw Object.assign(new Error('子账号不存在'), { code: 404 });
      return { list: [], total: 0 };
    });
    await renderPage(<SubaccountEditPage />, { path: '/setting/subaccount/edit?id=9' });
    await waitFor(() => expect(screen.getByTestId('child-not-found').textContent).toContain('子账号不存在或已删除'));
  });
});
