import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, post, toast } from '@scrm/web-kit/base';
import { LoginCard } from './login-card';

vi.mock('@scrm/web-kit/base', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit/base')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const flush = () => act(async () => undefined);
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '登录' })));
const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

beforeEach(() => {
  mockedPost.mockReset();
});
afterEach(() => {
  toast.destroy();
  vi.useRealTimers();
});

describe('LoginCard', () => {
  it('starts in password mode and validates both fields', async () => {
    render(<LoginCard onToken={vi.fn()} onRegister={vi.fn()} />);
    expect(screen.getByText('账号密码登录', { selector: 'h2' })).toBeTruthy();
    await submit();
    expect(screen.getByText('账号不能为空')).toBeTruthy();
    expect(screen.getByText('密码不能为空')).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalled();
    type('请输入账号/手机号', 'zhangsan');
    expect(screen.queryByText('账号不能为空')).toBeNull();
  });

  it('logs in with account and password and hands over the token', async () => {
    mockedPost.mockResolvedValueOnce({ token: 'tok' });
    const onToken = vi.fn();
    render(<LoginCard onToken={onToken} onRegister={vi.fn()} />);
    type('请输入账号/手机号', 'zhangsan');
    type('请输入密码', 'secret');
    await submit();
    expect(mockedPost).toHaveBeenCalledWith('/api/account/login', { phone: 'zhangsan', password: 'secret' }, { silent: true });
    expect(onToken).toHaveBeenCalledWith('tok');
  });

  it('shows a login failure in the red banner above the form', async () => {
    mockedPost.mockRejectedValueOnce(new ApiRequestError(400, 400, '账号或密码错误'));
    render(<LoginCard onToken={vi.fn()} onRegister={vi.fn()} />);
    type('请输入账号/手机号', 'zhangsan');
    type('请输入密码', 'bad');
    await submit();
    expect(screen.getByTestId('login-error').textContent).toBe('账号或密码错误');
  });

  it('switches code ⇄ password by the link and qrcode ⇄ code by the corner', async () => {
    mockedPost.mockReturnValue(new Promise(() => undefined));
    render(<LoginCard onToken={vi.fn()} onRegister={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '验证码登录' }));
    expect(screen.getByTestId('login-card').dataset.mode).toBe('code');
    fireEvent.click(screen.getByRole('button', { name: '账号密码登录' }));
    expect(screen.getByTestId('login-card').dataset.mode).toBe('password');
    fireEvent.click(screen.getByTestId('login-qr-toggle'));
    expect(screen.getByTestId('login-card').dataset.mode).toBe('qrcode');
    fireEvent.click(screen.getByTestId('login-qr-toggle'));
    expect(screen.getByTestId('login-card').dataset.mode).toBe('code');
  });

  it('validates the code form', async () => {
    render(<LoginCard onToken={vi.fn()} onRegister={vi.fn()} initialMode="code" />);
    await submit();
    expect(screen.getByText('手机号不能为空')).toBeTruthy();
    expect(screen.getByText('验证码不能为空')).toBeTruthy();
  });

  it('checks the phone before sending an SMS', async () => {
    render(<LoginCard onToken={vi.fn()} onRegister={vi.fn()} initialMode="code" />);
    await act(async () => void fireEvent.click(screen.getByTestId('sms-send')));
    expect(screen.getByText('手机号不能为空')).toBeTruthy();
    type('请输入手机号', '138');
    await act(async () => void fireEvent.click(screen.getByTestId('sms-send')));
    expect(screen.getByText('手机号格式错误')).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('disables the SMS button for 60 s with a countdown after a send', async () => {
    vi.useFakeTimers();
    mockedPost.mockResolvedValueOnce({ cooldown: 60 });
    render(<LoginCard onToken={vi.fn()} onRegister={vi.fn()} initialMode="code" />);
    type('请输入手机号', '13800000000');
    await act(async () => void fireEvent.click(screen.getByTestId('sms-send')));
    await flush();
    expect(mockedPost).toHaveBeenCalledWith('/api/account/code/send', { phone: '13800000000' }, { silent: true });
    expect(document.querySelector('.scrm-toast')?.textContent).toBe('验证码已发送，请注意查收手机短信');
    const button = screen.getByTestId('sms-send') as HTMLButtonElement;
    expect(button.textContent).toBe('60秒后重新获取');
    expect(button.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(2000));
    expect(button.textContent).toBe('58秒后重新获取');
    act(() => vi.advanceTimersByTime(58_000));
    expect(button.textContent).toBe('获取验证码');
    expect(button.disabled).toBe(false);
  });

  it('shows a failed SMS send in the banner and keeps the button usable', async () => {
    mockedPost.mockRejectedValueOnce(new ApiRequestError(429, 429, '发送太频繁，请稍后再试'));
    render(<LoginCard onToken={vi.fn()} onRegister={vi.fn()} initialMode="code" />);
    type('请输入手机号', '13800000000');
    await act(async () => void fireEvent.click(screen.getByTestId('sms-send')));
    expect(screen.getByTestId('login-error').textContent).toBe('发送太频繁，请稍后再试');
    expect(screen.getByTestId('sms-send').textContent).toBe('获取验证码');
  });

  it('leads to the register card', () => {
    const onRegister = vi.fn();
    render(<LoginCard onToken={vi.fn()} onRegister={onRegister} />);
    fireEvent.click(screen.getByRole('button', { name: '注册账号' }));
    expect(onRegister).toHaveBeenCalled();
  });
});
