import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, HOUR_MS } from '@scrm/contracts/china-time';
import type { LeadBatch } from '@scrm/contracts/lead';
import { post, store } from '@scrm/web-kit';
import { expiryText } from '../../components/batch-status';
import CustomerQrcodeListPage from './index';
import { renderWithProviders } from '@scrm/web-parts/test';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const batch = (over: Partial<LeadBatch>): LeadBatch => ({
  id: 1,
  name: '6 月抖音线索',
  userid: 'zhangsan',
  memberName: '张三',
  avatar: '',
  expiresAt: Date.now() + 6.5 * DAY_MS,
  status: 'ready',
  total: 200,
  created: 200,
  failed: 0,
  added: 50,
  addsToday: 4,
  tagIds: [],
  tagNames: [],
  welcome: { text: '', materialIds: [] },
  skipVerify: true,
  createdAt: 1_750_000_000_000,
  ...over,
});

async function renderPage() {
  await renderWithProviders(<CustomerQrcodeListPage />, { path: '/customer-qrcode/list' });
}

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

// antd's first render in jsdom is slow when the web suite runs in parallel.
describe('/customer-qrcode/list', { timeout: 30_000 }, () => {
  it('tells how long a batch still works', () => {
    const now = 1_750_000_000_000;
    expect(expiryText(now + 6.5 * DAY_MS, now)).toBe('7 天后过期');
    expect(expiryText(now + 14 * DAY_MS, now)).toBe('14 天后过期');
    expect(expiryText(now + 5 * HOUR_MS - 1, now)).toBe('5 小时后过期');
    expect(expiryText(now + 10 * 60_000, now)).toBe('即将过期');
    expect(expiryText(now, now)).toBe('已过期');
  });

  it('asks to connect a corp when no work space is chosen', async () => {
    await renderPage();
    expect(screen.getByTestId('no-work-space').textContent).toContain('请先连接企业微信');
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('explains one-customer-one-code when there are no batches', async () => {
    store.set('workId', 3);
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderPage();
    expect((await screen.findByTestId('batches-empty')).textContent).toContain('还没有一客一码');
  });

  it('shows why the list did not load, with a retry', async () => {
    store.set('workId', 3);
    mockedPost.mockRejectedValue(new Error('网络错误'));
    await renderPage();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('lists batches with member, expiry, progress and status', async () => {
    store.set('workId', 3);
    mockedPost.mockResolvedValue({
      list: [
        batch({}),
        batch({ id: 2, name: '展会名单', status: 'creating', total: 30, created: 12, added: 0 }),
        batch({ id: 3, name: '五月活动', status: 'expired', expiresAt: Date.now() - DAY_MS, failed: 2, created: 198 }),
      ],
      total: 3,
    });
    await renderPage();
    const table = await screen.findByTestId('batch-table');
    await within(table).findByText('展会名单');
    const rows = table.querySelectorAll('tbody tr.ant-table-row');
    for (const text of ['6 月抖音线索', '张三', '7 天后过期', '已添加 50 / 200 人', '已生成 200 / 200 个二维码', '使用中']) expect(rows[0]!.textContent).toContain(text);
    for (const text of ['已生成 12 / 30 个二维码', '生成中']) expect(rows[1]!.textContent).toContain(text);
    for (const text of ['已过期', '2 个生成失败']) expect(rows[2]!.textContent).toContain(text);
    expect(within(rows[1] as HTMLElement).getByTestId('batch-delete').hasAttribute('disabled')).toBe(true);
    expect(document.body.textContent).toContain('共 3 个批次');
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/customer/code/batch/list', { page: 1, pageSize: 10 });
  });
});
