import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_INFO, post, store, toast } from '@scrm/web-kit';
import { renderWithProviders, settle } from '@scrm/web-parts/test';
import type { LoginSession } from '@scrm/contracts/user-centre';
import UserSettingPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const NOW = Date.UTC(2026, 10, 28, 2, 0, 0);
const sessions: LoginSession[] = [
  { id: 'aaa', device: 'Chrome 120 · Windows', userAgent: 'Mozilla/5.0 Chrome/120', ip: '10.0.0.1', createdAt: NOW - 3_600_000, lastSeenAt: NOW, current: true },
  { id: 'bbb', device: '微信 · iPhone', userAgent: 'MicroMessenger', ip: '10.0.0.2', createdAt: NOW - 86_400_000, lastSeenAt: NOW - 600_000, current: false },
];

/** Answers by path; `extra` overrides or adds answers. */
function serve(extra: Record<string, (body: any) => unknown> = {}) {
  mockedPost.mockImplementation(async (url: string, body: unknown) => {
    const answer = extra[url];
    if (answer) return answer(body) as never;
    if (url === '/api/account/session/list') return { list: sessions } as never;
    return null as never;
  });
}

async function renderPage(user: Partial<typeof DEFAULT_USER_INFO> = {}) {
  store.set('userInfo', { ...DEFAULT_USER_INFO, id: 1, account: 'zhangsan', nickname: '张三', phone: '13800000000', isBindGzh: false, ...user });
  const r = await renderWithProviders(<UserSettingPage />, { path: '/user/setting' });
  await settle();
  return r;
}

const calls = (url: string) => mockedPost.mock.calls.filter(([u]) => u === url);
const confirmDialog = () => document.querySelector('.ant-modal-confirm') as HTMLElement;

afterEach(() => {
  mockedPost.mockReset();
  toast.destroy();
  store.set('userInfo', DEFAULT_USER_INFO);
  vi.useRealTimers();
});

describe('/user/setting', () => {
  it('shows the account information', async () => {
    serve();
    await renderPage();
    const info = screen.getByTestId('account-info');
    for (const text of ['zhangsan', '张三', '13800000000', '主账号', '未绑定']) expect(info.textContent).toContain(text);
  });

  it('validates the password form in Chinese', async () => {
    serve();
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
    expect(calls('/api/account/update/password')).toHaveLength(0);
  });

  it('changes the password', async () => {
    serve();
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
    serve();
    await renderPage();
    fireEvent.change(screen.getByPlaceholderText('请输入昵称'), { target: { value: '张三丰' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await settle();
    expect(mockedPost).toHaveBeenCalledWith('/api/account/update/account', { nickname: '张三丰' });
    expect(store.get('userInfo').nickname).toBe('张三丰');
  });

  it('requires an account name and a nickname', async () => {
    serve();
    await renderPage();
    fireEvent.change(screen.getByPlaceholderText('请输入账号名'), { target: { value: '' } });
    fireEvent.change(screen.getByPlaceholderText('请输入昵称'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await settle();
    expect(await screen.findByText('请输入账号名', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(await screen.findByText('请输入昵称', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(calls('/api/account/update/account')).toHaveLength(0);
  });
});

describe('手机号', () => {
  it('validates the new phone before sending a code, then counts down 60 s', async () => {
    serve({ '/api/account/code/send': () => ({ cooldown: 60 }) });
    await renderPage();
    const card = within(screen.getByTestId('phone-card'));
    expect(screen.getByTestId('current-phone').textContent).toBe('13800000000');
    fireEvent.click(card.getByTestId('phone-sms-send'));
    expect(await card.findByText('请输入新手机号', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    fireEvent.change(card.getByPlaceholderText('请输入新手机号'), { target: { value: '1390000' } });
    fireEvent.click(card.getByTestId('phone-sms-send'));
    expect(await card.findByText('手机号格式错误', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    fireEvent.change(card.getByPlaceholderText('请输入新手机号'), { target: { value: '13800000000' } });
    fireEvent.click(card.getByTestId('phone-sms-send'));
    expect(await card.findByText('新手机号与当前手机号相同', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(calls('/api/account/code/send')).toHaveLength(0);

    fireEvent.change(card.getByPlaceholderText('请输入新手机号'), { target: { value: '13900001111' } });
    fireEvent.click(card.getByTestId('phone-sms-send'));
    await settle();
    expect(calls('/api/account/code/send')).toEqual([['/api/account/code/send', { phone: '13900001111' }]]);
    const button = card.getByTestId('phone-sms-send') as HTMLButtonElement;
    expect(button.textContent).toBe('60秒后重新获取');
    expect(button.disabled).toBe(true);
    expect(document.querySelector('.scrm-toast')?.textContent).toBe('验证码已发送，请注意查收手机短信');
  });

  it('changes the phone with the code and the current password, and updates the shared store', async () => {
    serve({ '/api/account/update/phone': (body) => ({ id: 1, account: 'zhangsan', nickname: '张三', phone: body.phone, isBindGzh: false, isChild: false }) });
    await renderPage();
    const card = within(screen.getByTestId('phone-card'));
    fireEvent.click(card.getByRole('button', { name: '更换手机号' }));
    expect(await card.findByText('请输入验证码', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    fireEvent.change(card.getByPlaceholderText('请输入新手机号'), { target: { value: '13900001111' } });
    fireEvent.change(card.getByPlaceholderText('请输入验证码'), { target: { value: '123456' } });
    fireEvent.change(card.getByPlaceholderText('请输入当前密码'), { target: { value: 'secret123' } });
    fireEvent.click(card.getByRole('button', { name: '更换手机号' }));
    await settle(100);
    expect(calls('/api/account/update/phone')).toEqual([['/api/account/update/phone', { phone: '13900001111', code: '123456', password: 'secret123' }]]);
    expect(store.get('userInfo').phone).toBe('13900001111');
    expect(screen.getByTestId('current-phone').textContent).toBe('13900001111');
    expect(document.querySelector('.scrm-toast')?.textContent).toBe('手机号已更换，请使用新手机号登录');
  });
});

describe('公众号绑定', () => {
  it('shows the state and opens the re-bind QR; a child account has no binding card', async () => {
    serve({ '/api/account/bind/gzh/code': () => ({ code: 'scene1', url: 'https://sim/qr/scene1', expiresIn: 600_000 }) });
    await renderPage({ isBindGzh: true });
    expect(screen.getByTestId('gzh-state').textContent).toBe('已绑定');
    fireEvent.click(screen.getByTestId('gzh-rebind'));
    await settle();
    expect(await screen.findByText('重新绑定公众号')).toBeTruthy();
    expect(screen.getByTestId('gzh-bind-modal').textContent).toContain('绑定成功后自动关闭');
    expect(calls('/api/account/bind/gzh/code')).toHaveLength(1);
  });

  it('is not shown to a child account', async () => {
    serve();
    await renderPage({ isChild: true });
    expect(screen.queryByTestId('gzh-card')).toBeNull();
    expect(screen.getByTestId('account-info').textContent).toContain('子账号');
    expect(screen.getByTestId('account-info').textContent).not.toContain('公众号绑定');
  });
});

describe('登录设备', () => {
  it('lists the sessions with the current one marked and no exit button on it', async () => {
    serve();
    await renderPage();
    const table = within(screen.getByTestId('sessions-table'));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Chrome 120 · Windows');
    expect(within(rows[0]!).getByTestId('current-session').textContent).toBe('当前设备');
    expect(within(rows[0]!).queryByTestId('session-revoke')).toBeNull();
    expect(rows[1]!.textContent).toContain('微信 · iPhone');
    expect(rows[1]!.textContent).toContain('10.0.0.2');
    expect(rows[1]!.textContent).toContain('2026-11-28 09:50:00'); // last seen, China time
  });

  it('logs out one device after a confirm', async () => {
    serve();
    await renderPage();
    fireEvent.click(screen.getByTestId('session-revoke'));
    await settle();
    expect(confirmDialog().textContent).toContain('「微信 · iPhone」上的登录将失效');
    expect(calls('/api/account/session/revoke')).toHaveLength(0);
    fireEvent.click(within(confirmDialog()).getByTestId('session-revoke-ok'));
    await settle(100);
    expect(calls('/api/account/session/revoke')).toEqual([['/api/account/session/revoke', { id: 'bbb' }]]);
    await waitFor(() => expect(calls('/api/account/session/list').length).toBeGreaterThan(1));
  });

  it('logs out every other device after a confirm; cancelling does nothing', async () => {
    serve({ '/api/account/session/revoke/others': () => ({ count: 1 }) });
    await renderPage();
    fireEvent.click(screen.getByTestId('session-revoke-others'));
    await settle();
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: '取消' }));
    await settle(300);
    expect(calls('/api/account/session/revoke/others')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('session-revoke-others'));
    await settle();
    await act(async () => fireEvent.click(within(confirmDialog()).getByTestId('session-revoke-others-ok')));
    await settle(100);
    expect(calls('/api/account/session/revoke/others')).toHaveLength(1);
  });

  it('disables 退出其他设备 when this is the only device', async () => {
    serve({ '/api/account/session/list': () => ({ list: [sessions[0]] }) });
    await renderPage();
    expect((screen.getByTestId('session-revoke-others') as HTMLButtonElement).disabled).toBe(true);
  });
});
