// The portal's pages (分销商门户): login with the SMS countdown and Chinese validation, the customers list
// with its empty and error states, 设置席位, the promotion page; calls mocked at web-kit's `post`.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, post } from '@scrm/web-kit/base';
import { renderWithProviders, settle } from '@scrm/web-parts/test';
import { getPortalToken, removePortalToken, setPortalToken } from './api/client';
import { LoginPage } from './pages/login';
import { CustomersPage } from './pages/customers';
import { PromotionPage } from './pages/promotion';
import { SeatRecordsPage } from './pages/seat-records';

vi.mock('@scrm/web-kit/base', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit/base')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);
// antd's first renders are slow in jsdom while other work shares the machine.
vi.setConfig({ testTimeout: 30_000 });

const info = { id: 1, name: '华东渠道分销', phone: '139****0001', seatPriceFen: 36_500, promoCode: 'ABCD1234', promoUrl: 'http://localhost:3000/?cps=ABCD1234', customerCount: 1 };
const customer = { accountId: 42, phone: '138****0042', nickname: '用户0042', createdAt: Date.UTC(2026, 0, 2, 3, 4), seats: { bought: 5, used: 1, expired: 0, nextExpiresAt: Date.UTC(2026, 1, 1) } };

/** Answers by URL. */
function answer(map: Record<string, unknown | ((body: any) => unknown)>) {
  mockedPost.mockImplementation(async (url: string, body?: unknown) => {
    const a = map[url];
    if (a === undefined) throw new Error(`unexpected call ${url}`);
    const v = typeof a === 'function' ? (a as (b: unknown) => unknown)(body) : a;
    if (v instanceof Error) throw v;
    return v as never;
  });
}

beforeEach(() => {
  mockedPost.mockReset();
  setPortalToken('dist-token');
});
afterEach(() => {
  removePortalToken();
  vi.useRealTimers();
});

describe('LoginPage', () => {
  it('validates in Chinese, sends the code with a 60 s countdown and logs in with its own token', async () => {
    removePortalToken();
    answer({ '/api/distributor/account/code/send': { cooldown: 60 }, '/api/distributor/account/login': { token: 'new-token' } });
    await renderWithProviders(<LoginPage />, { path: '/distributor/login', route: '/distributor/login', where: true });
    fireEvent.click(screen.getByTestId('portal-sms-send'));
    expect(await screen.findByText('手机号不能为空')).toBeTruthy();
    fireEvent.change(screen.getByTestId('portal-phone'), { target: { value: '1380000' } });
    fireEvent.click(screen.getByTestId('portal-sms-send'));
    expect(await screen.findByText('手机号格式错误')).toBeTruthy();
    fireEvent.change(screen.getByTestId('portal-phone'), { target: { value: '13800000001' } });
    fireEvent.click(screen.getByTestId('portal-sms-send'));
    await waitFor(() => expect(screen.getByTestId('portal-sms-send').textContent).toMatch(/60秒后重新获取/));
    expect(screen.getByRole('status').textContent).toBe('验证码已发送，请注意查收手机短信');
    expect(mockedPost).toHaveBeenCalledWith('/api/distributor/account/code/send', { phone: '13800000001' }, expect.objectContaining({ silent: true }));
    fireEvent.change(screen.getByTestId('portal-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('portal-login-submit'));
    await waitFor(() => expect(getPortalToken()).toBe('new-token'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/distributor/customers'));
    // The portal's token is never the console's.
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the server\'s refusal', async () => {
    answer({ '/api/distributor/account/login': new ApiRequestError(400, 400, '验证码错误或已过期') });
    await renderWithProviders(<LoginPage />);
    fireEvent.change(screen.getByTestId('portal-phone'), { target: { value: '13800000001' } });
    fireEvent.change(screen.getByTestId('portal-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('portal-login-submit'));
    expect((await screen.findByTestId('portal-login-error')).textContent).toContain('验证码错误或已过期');
  });
});

describe('CustomersPage', () => {
  it('shows the empty state with the way to the promotion code', async () => {
    answer({ '/api/distributor/account/get/phone': { list: [], total: 0 } });
    await renderWithProviders(<CustomersPage />);
    expect(await screen.findByText(/还没有客户/)).toBeTruthy();
    expect(screen.getByText('查看推广码')).toBeTruthy();
  });

  it('shows a load error with a retry', async () => {
    answer({ '/api/distributor/account/get/phone': new ApiRequestError(500, 500, '服务器繁忙') });
    await renderWithProviders(<CustomersPage />);
    expect((await screen.findByTestId('portal-load-error')).textContent).toContain('加载失败：服务器繁忙');
  });

  it('lists customers with their seats and sets seats for one', async () => {
    let bought = 5;
    answer({
      '/api/distributor/account/get/phone': () => ({ list: [{ ...customer, seats: { ...customer.seats, bought } }], total: 1 }),
      '/api/distributor/account/info': info,
      '/api/distributor/account/seat/set': (body: { count: number }) => {
        bought += body.count;
        return { accountId: 42, seats: { ...customer.seats, bought } };
      },
    });
    await renderWithProviders(<CustomersPage />);
    expect((await screen.findByTestId('seats-42')).textContent).toBe('5');
    expect(screen.getByText('138****0042')).toBeTruthy();
    fireEvent.click(screen.getByTestId('set-seats-42'));
    expect(await screen.findByText('为 138****0042 设置席位')).toBeTruthy();
    expect(await screen.findByText('您的席位单价：¥365.00 / 席位 / 365 天')).toBeTruthy();
    fireEvent.change(screen.getByTestId('set-seats-count').querySelector('input') ?? screen.getByTestId('set-seats-count'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/distributor/account/seat/set', { accountId: 42, count: 3, days: 365 }, expect.anything()));
    await waitFor(() => expect(screen.getByTestId('seats-42').textContent).toBe('8'));
    expect(screen.getByRole('status').textContent).toBe('已为客户增加 3 个席位');
  });
});

describe('PromotionPage and SeatRecordsPage', () => {
  it('shows the promotion code, its link and the seat price', async () => {
    answer({ '/api/distributor/account/info': info });
    await renderWithProviders(<PromotionPage />);
    expect((await screen.findByTestId('promo-code')).textContent).toBe('ABCD1234');
    expect(screen.getByTestId('promo-url').textContent).toBe('http://localhost:3000/?cps=ABCD1234');
    expect(screen.getByText(/¥365\.00/)).toBeTruthy();
  });

  it('names where each seat record came from, and says when there are none', async () => {
    answer({
      '/api/distributor/account/record/seat': {
        list: [
          { key: 'set:1', kind: 'set', accountId: 42, phone: '138****0042', seatCount: 3, termDays: 365, at: Date.UTC(2026, 0, 3), orderNo: null },
          { key: 'order:2', kind: 'buy', accountId: 42, phone: '138****0042', seatCount: 2, termDays: 365, at: Date.UTC(2026, 0, 2), orderNo: 'SO20260102' },
        ],
        total: 2,
      },
    });
    await renderWithProviders(<SeatRecordsPage />);
    expect(await screen.findByText('分销商设置')).toBeTruthy();
    expect(screen.getByText('客户购买')).toBeTruthy();
    expect(screen.getByText('SO20260102')).toBeTruthy();
    await settle();
  });
});
