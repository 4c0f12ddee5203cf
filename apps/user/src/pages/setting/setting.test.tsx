import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_INFO, post, store, toast } from '@scrm/web-kit';
import UserSettingPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

async function renderPage() {
  store.set('userInfo', { ...DEFAULT_USER_INFO, id: 1, account: 'zhangsan', nickname: '张三', phone: '13800000000', isBindGzh: false });
  await act(async () => {
    render(
      // As the shell provides it.
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <MemoryRouter initialEntries={['/user/setting']}>
          <UserSettingPage />
        </MemoryRouter>
      </ConfigProvider>,
    );
  });
}

const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 50))));

afterEach(() => {
  mockedPost.mockReset();
  toast.destroy();
  store.set('userInfo', DEFAULT_USER_INFO);
});

describe('/user/setting', () => {
  it('shows the account information', async () => {
    await renderPage();
    const info = screen.getByTestId('account-info');
    for (const text of ['zhangsan', '张三', '13800000000', '主账号', '未绑定']) expect(info.textContent).toContain(text);
  });

  it('validates the password form in Chinese', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    await settle();
    expect(await screen.findByText('请输入原密码', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(screen.getByText('请输入新密码', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(await screen.findByText('请再次输入新密码', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入原密码'), { target: { value: 'old-secret' } });
    fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: '123' } });
    fireEvent.change(screen.getByPlaceholderText('请再次输入新密码'), { target: { value: '1234' } });
    await settle();
    expect(await screen.findByText('新密码至少 6 位')).toBeTruthy();
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('changes the password', async () => {
    mockedPost.mockResolvedValue(null);
    await renderPage();
    fireEvent.change(screen.getByPlaceholderText('请输入原密码'), { target: { value: 'old-secret' } });
    fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: 'new-secret' } });
    fireEvent.change(screen.getByPlaceholderText('请再次输入新密码'), { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    await settle();
    expect(mockedPost).toHaveBeenCalledWith('/api/account/update/password', { oldPassword: 'old-secret', password: 'new-secret' });
    expect(document.querySelector('.scrm-toast')?.textContent).toBe('密码修改成功');
  });

  it('saves a changed nickname and updates the shared store', async () => {
    mockedPost.mockResolvedValue(null);
    await renderPage();
    fireEvent.change(screen.getByPlaceholderText('请输入昵称'), { target: { value: '张三丰' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await settle();
    expect(mockedPost).toHaveBeenCalledWith('/api/account/update/account', { nickname: '张三丰' });
    expect(store.get('userInfo').nickname).toBe('张三丰');
  });

  it('requires an account name and a nickname', async () => {
    await renderPage();
    fireEvent.change(screen.getByPlaceholderText('请输入账号名'), { target: { value: '' } });
    fireEvent.change(screen.getByPlaceholderText('请输入昵称'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await settle();
    expect(await screen.findByText('请输入账号名', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(await screen.findByText('请输入昵称', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalled();
  });
});
