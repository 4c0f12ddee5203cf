import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import PackagePage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const DAY = 86_400_000;
const info = { figures: { bought: 1, used: 0, free: 1, expired: 0, expiring: 0, nextExpiresAt: Date.now() + 90 * DAY }, workSpaces: [{ id: 7, nickname: '测试科技', free: 0, used: 0 }] };
const seat = { id: 3, state: 'free', workSpaceId: null, workSpaceName: '', userid: null, memberName: '', source: 'order:9', startsAt: Date.now(), expiresAt: Date.now() + 90 * DAY, boundAt: null };
const order = (over = {}) => ({
  id: 9,
  orderNo: 'SO20250101120000123456',
  kind: 'buy',
  seatCount: 2,
  termDays: 365,
  seatIds: [],
  unitPriceFen: 18250,
  amountFen: 36500,
  distributorPrice: true,
  state: 'pending',
  createdAt: Date.now(),
  expiresAt: Date.now() + 30 * 60_000,
  paidAt: null,
  closedAt: null,
  ...over,
});
const price = {
  yearPriceFen: 18250,
  distributor: { name: '华东渠道' },
  terms: [30, 90, 180, 365, 730].map((days) => ({ days, unitPriceFen: Math.ceil((18250 * days) / 365) })),
  payable: true,
};

function answer(extra: Record<string, (body: any) => unknown> = {}) {
  mockedPost.mockImplementation(async (url: string, body?: unknown) => {
    if (extra[url]) return extra[url]!(body);
    if (url === '/api/seat/info') return info;
    if (url === '/api/seat/list') return { list: [seat], total: 1 };
    if (url === '/api/distributor/account/buy/seat/price') return price;
    if (url === '/api/qw/order/get/list') return { list: [order(), order({ id: 8, orderNo: 'SO20241231120000654321', state: 'paid', kind: 'renew', distributorPrice: false, paidAt: Date.now() })], total: 2 };
    throw new Error(`unexpected ${url}`);
  });
}

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
  store.set('auth', {});
});

describe('/setting/package orders', { timeout: 20_000 }, () => {
  it('buys seats at the distributor\'s price, showing the unit price and the total in yuan', async () => {
    store.set('workId', 7);
    const placed: unknown[] = [];
    answer({ '/api/qw/order/get': (b) => (placed.push(b), { order: order(), cashierUrl: null }) });
    await renderWithProviders(<PackagePage />, { path: '/setting/package' });
    fireEvent.click(await screen.findByTestId('seat-buy'));
    await waitFor(() => expect(screen.getByTestId('order-unit-price').textContent).toBe('¥182.50'));
    expect(screen.getByTestId('order-price-source').textContent).toBe('华东渠道 的分销价');
    expect(screen.getByTestId('order-total').textContent).toBe('¥182.50');
    const count = document.querySelector<HTMLInputElement>('input[data-testid="order-count"], [data-testid="order-count"] input')!;
    fireEvent.change(count, { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('¥547.50'));
    fireEvent.click(screen.getByTestId('order-submit'));
    await waitFor(() => expect(placed).toEqual([{ kind: 'buy', count: 3, termDays: 365 }]));
  });

  it('renews the selected seats', async () => {
    store.set('workId', 7);
    const placed: unknown[] = [];
    answer({ '/api/qw/order/get': (b) => (placed.push(b), { order: order({ kind: 'renew' }), cashierUrl: null }) });
    await renderWithProviders(<PackagePage />, { path: '/setting/package' });
    const table = await screen.findByTestId('seat-table');
    await within(table).findByText('#000003');
    expect((screen.getByTestId('seat-renew') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(table).getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByTestId('seat-renew'));
    await waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe('¥182.50'));
    expect(screen.queryByTestId('order-count')).toBeNull();
    fireEvent.click(screen.getByTestId('order-submit'));
    await waitFor(() => expect(placed).toEqual([{ kind: 'renew', seatIds: [3], termDays: 365 }]));
  });

  it('lists the orders with their states, and 去支付 / 取消 for the pending one', async () => {
    store.set('workId', 7);
    answer();
    await renderWithProviders(<PackagePage />, { path: '/setting/package?tab=orders' });
    const table = await screen.findByTestId('order-table');
    await within(table).findByText('SO20250101120000123456');
    const states = within(table).getAllByTestId('order-state').map((t) => t.textContent);
    expect(states).toEqual(['待支付', '已支付']);
    expect(table.textContent).toContain('¥365.00');
    expect(table.textContent).toContain('分销价');
    expect(table.textContent).toContain('续费');
    expect(within(table).getAllByTestId('order-pay')).toHaveLength(1);
    expect(within(table).getAllByTestId('order-cancel')).toHaveLength(1);
  });

  it('hides buying and the order actions from a view-only child', async () => {
    store.set('workId', 7);
    store.set('auth', { package: true, 'package.manage': false });
    answer();
    await renderWithProviders(<PackagePage />, { path: '/setting/package?tab=orders' });
    const table = await screen.findByTestId('order-table');
    await within(table).findByText('SO20250101120000123456');
    expect(screen.queryByTestId('seat-buy')).toBeNull();
    expect(screen.queryByTestId('order-pay')).toBeNull();
    expect(screen.queryByTestId('order-cancel')).toBeNull();
  });

  it('confirms the payment with the server when it comes back from the cashier', async () => {
    store.set('workId', 7);
    const asked: unknown[] = [];
    answer({ '/api/qw/order/pay/success': (b) => (asked.push(b), { order: order({ state: 'paid', paidAt: Date.now() }), cashierUrl: null }) });
    await renderWithProviders(<PackagePage />, { path: '/setting/package?tab=orders&paid=9' });
    expect((await screen.findAllByText('支付成功')).length).toBeGreaterThan(0);
    expect((await screen.findByTestId('order-result')).textContent).toBe('2 个席位已到账，有效期 365 天，可在「席位」中为成员绑定。');
    expect(asked).toEqual([{ id: 9 }]);
  });
});
