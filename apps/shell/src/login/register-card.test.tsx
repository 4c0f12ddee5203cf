import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, post, toast } from '@scrm/web-kit/base';
import { RegisterCard } from './register-card';

vi.mock('@scrm/web-kit/base', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit/base')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);
const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

afterEach(() => {
  toast.destroy();
  mockedPost.mockReset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RegisterCard', () => {
  it('validates phone, code and password', async () => {
    render(<RegisterCard onLogin={vi.fn()} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '注册' })));
    expect(screen.getByText('手机号不能为空')).toBeTruthy();
    expect(screen.getByText('验证码不能为空')).toBeTruthy();
    expect(screen.getByText('密码不能为空')).toBeTruthy();
    type('请输入手机号', '1380000');
    expect(screen.getByText('手机号格式错误')).toBeTruthy();
  });

  it('stores the token, says so and reloads after 1.2 s', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    mockedPost.mockResolvedValueOnce({ token: 'new-token' });
    render(<RegisterCard onLogin={vi.fn()} />);
    type('请输入手机号', '13800000000');
    type('请输入验证码', '123456');
    type('请输入密码', 'secret');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '注册' })));
    expect(mockedPost).toHaveBeenCalledWith('/api/account/create', { phone: '13800000000', code: '123456', password: 'secret' }, { silent: true });
    expect(getToken()).toBe('new-token');
    expect(document.querySelector('.scrm-toast')?.textContent).toBe('注册成功，即将跳转');
    act(() => vi.advanceTimersByTime(1199));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalled();
  });

  it('links back to login', () => {
    const onLogin = vi.fn();
    render(<RegisterCard onLogin={onLogin} />);
    fireEvent.click(screen.getByRole('button', { name: '已有账号？立即登录' }));
    expect(onLogin).toHaveBeenCalled();
  });
});
