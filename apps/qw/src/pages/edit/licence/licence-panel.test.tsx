import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import QwEditPage from '../index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const info = (accessType: string) => ({
  id: 7,
  nickname: '授权企业',
  accessType,
  corpId: 'ww777',
  corpName: '授权企业',
  agentId: '1000009',
  callbackUrl: 'http://localhost:3000/api/wecom/callback/7',
  token: 'T'.repeat(32),
  encodingAesKey: 'K'.repeat(43),
  status: { tokenOk: true, callbackVerified: true, contactPermission: true, lastCheckedAt: 1 },
  sync: { status: 'done', phase: '', done: 0, total: 0, percent: 100, syncedAt: 1, error: null },
  createdAt: 1,
});

const need = {
  required: true,
  message: '2 名有客户联系权限的成员尚未激活互通账号',
  members: [
    { userid: 'zhangsan', name: '张三' },
    { userid: 'lisi', name: '李四' },
  ],
  freeExternalCodes: 1,
  orders: [],
};
const codes = {
  required: true,
  message: '',
  orders: [{ orderId: 'OI0000000000ABCDEF', status: 0, statusText: '待支付', baseCount: 0, externalCount: 2, months: 12, price: 0, createdAt: 1_700_000_000_000, paidAt: null }],
  codes: [{ activeCode: 'LC00000000001234', orderId: 'OI0000000000ABCDEF', type: 2, status: 1, statusText: '未绑定', userid: null, memberName: null, activeTime: null, expireTime: null }],
};
const members = {
  required: true,
  message: '',
  list: [
    { userid: 'zhangsan', name: '张三', licensed: false, licences: [] },
    { userid: 'wangwu', name: '王五', licensed: true, licences: [{ type: 2, activeCode: 'LCX', activeTime: 1_700_000_000_000, expireTime: 1_800_000_000_000 }] },
  ],
};

function answer(overrides: Record<string, unknown> = {}) {
  mockedPost.mockImplementation(async (url: string) => {
    if (url in overrides) {
      const v = overrides[url];
      if (v instanceof Error) throw v;
      return typeof v === 'function' ? (v as () => unknown)() : v;
    }
    if (url === '/api/qw/info') return info('third');
    if (url === '/api/account/ip/list') return { list: [] };
    if (url === '/api/qw/need/buy/qwAccount') return need;
    if (url === '/api/qw/activeCode/detail') return codes;
    if (url === '/api/qw/by/qwAccount') return members;
    throw new Error(`unexpected ${url}`);
  });
}

const renderAt = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/qw/edit" element={<QwEditPage />} />
    </Routes>,
    { path },
  );

afterEach(() => mockedPost.mockReset());
/** antd's first render in jsdom is slow when the web suite runs in parallel. */
const slow = { timeout: 10_000 };

describe('接口许可 tab', { timeout: 30_000 }, () => {
  it('lists the members needing a licence, the orders, the codes and each member licence', async () => {
    answer();
    await renderAt('/qw/edit?id=7&tab=licence');
    const needCard = await screen.findByTestId('licence-need', undefined, slow);
    expect(await within(needCard).findByText('张三', undefined, slow)).toBeTruthy();
    expect(within(needCard).getByText(need.message)).toBeTruthy();
    expect(screen.getByTestId('licence-free-codes').textContent).toBe('可用互通激活码 1 个');
    const orders = await screen.findByTestId('licence-orders', undefined, slow);
    expect(within(orders).getByText('待支付')).toBeTruthy();
    expect(within(orders).getByText('基础 0，互通 2')).toBeTruthy();
    expect(within(await screen.findByTestId('licence-codes', undefined, slow)).getByText('未绑定')).toBeTruthy();
    const licences = await screen.findByTestId('licence-members', undefined, slow);
    expect(within(licences).getByText('已激活')).toBeTruthy();
    expect(within(licences).getByText('未激活')).toBeTruthy();
  });

  it('buys through the provider and activates the picked members after a confirm', async () => {
    answer({
      '/api/qw/bind/qwAccount/batch': { bound: 1, list: [{ userid: 'zhangsan', activeCode: 'LC00000000001234', ok: true, message: '已激活' }] },
    });
    await renderAt('/qw/edit?id=7&tab=licence');
    const needCard = await screen.findByTestId('licence-need', undefined, slow);
    await within(needCard).findByText('张三', undefined, slow);
    // By text, not by role: a role query over the member table took 3–5 s in jsdom (the accessible name of every node).
    fireEvent.click(within(needCard).getByText(/^购\s*买$/).closest('button')!);
    const dialog = await screen.findByRole('dialog', undefined, slow);
    expect(within(dialog).getByText('购买接口许可')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认下单' }));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/qw/need/buy/qwAccount', { id: 7, buy: { baseCount: 0, externalCount: 1, months: 12 } }, { silent: true }), { timeout: 10_000 });

    const checkbox = within(needCard).getAllByRole('checkbox')[1]!;
    fireEvent.click(checkbox);
    fireEvent.click((await within(needCard).findByText('为所选 1 名成员激活')).closest('button')!);
    expect(await screen.findByText('将为 1 名成员各使用 1 个互通激活码，激活后不可撤回。确认激活？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '批量激活' }));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/qw/bind/qwAccount/batch', { id: 7, userids: ['zhangsan'] }, { silent: true }), { timeout: 10_000 });
    expect(await screen.findByText('已激活 1 / 1 名成员', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows a load failure with a retry, and no tab for a self-built corp', async () => {
    answer({ '/api/qw/need/buy/qwAccount': new Error('未配置服务商企业 ID 与服务商 Secret，无法使用接口许可') });
    const { unmount } = await renderAt('/qw/edit?id=7&tab=licence');
    const failed = await screen.findByTestId('licence-need-error', undefined, slow);
    expect(failed.textContent).toContain('未配置服务商企业 ID 与服务商 Secret');
    unmount();
    answer({ '/api/qw/info': info('internal') });
    await renderAt('/qw/edit?id=7&tab=licence');
    expect(await screen.findByTestId('edit-form', undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '接口许可' })).toBeNull();
    expect(screen.queryByTestId('licence-panel')).toBeNull();
  });
});
