import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MomentList } from '@scrm/contracts/moment';
import { ApiRequestError, post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import MomentListPage from './list';
import { materialsAnswer, row } from './test-data';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

function answer(list: MomentList | Error) {
  mockedPost.mockImplementation(async (url: string, body: any) => {
    if (url === '/api/qw/moment/list') {
      if (list instanceof Error) throw list;
      return list;
    }
    if (url === '/api/material/list') return materialsAnswer(body);
    if (url === '/api/qw/moment/cancel') return { ...row(), status: 'cancelled' };
    return null;
  });
}
const renderPage = () => renderWithProviders(<MomentListPage />, { path: '/moment-push/list' });

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

describe('/moment-push/list', () => {
  it('shows the first-use state with the way to create a moment', async () => {
    store.set('workId', 7);
    answer({ list: [], total: 0 });
    await renderPage();
    const first = await screen.findByTestId('moments-first');
    expect(first.textContent).toContain('还没有朋友圈');
    expect(within(first).getByTestId('moment-create')).toBeTruthy();
  }, 20_000);

  it('lists moments with their status, content, members who published and the actions each allows', async () => {
    store.set('workId', 7);
    answer({
      list: [
        row(),
        row({ id: 2, name: '新品预告', status: 'scheduled', content: { text: '', materialIds: [3] }, startedAt: null, members: 0, published: 0, unpublished: 0 }),
        row({ id: 3, name: '旧活动', status: 'failed', error: '成员无客户联系权限', content: { text: '链接', materialIds: [4] }, members: 0, published: 0, unpublished: 0 }),
      ],
      total: 3,
    });
    await renderPage();
    const table = await screen.findByTestId('moment-table');
    const rows = table.querySelectorAll('tbody tr.ant-table-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('双十一活动');
    expect(rows[0]!.textContent).toContain('发送中');
    expect(rows[0]!.textContent).toContain('2 张图片');
    expect(within(rows[0] as HTMLElement).getByTestId('moment-published').textContent).toBe('2 / 3');
    expect(rows[0]!.textContent).toContain('王经理');
    expect(rows[0]!.textContent).toContain('2026-05-20 10:00');
    await waitFor(() => expect(rows[0]!.querySelector('img[src="http://x/api/material/file/101/t"]')).not.toBeNull());
    expect(rows[1]!.textContent).toContain('待发送');
    // A scheduled task's time reads as the push list's: 「定时」 first.
    expect(within(rows[1] as HTMLElement).getByTestId('moment-send-time').textContent).toMatch(/^定时 \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(rows[1]!.textContent).toContain('（无文字）');
    expect(rows[1]!.textContent).toContain('1 个视频');
    expect(within(rows[1] as HTMLElement).getByTestId('moment-edit')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByTestId('moment-edit')).toBeNull();
    expect(rows[2]!.textContent).toContain('失败');
    expect(within(rows[2] as HTMLElement).getByTestId('moment-delete')).toBeTruthy();
    expect(document.body.textContent).toContain('共 3 条');
  }, 20_000);

  it('filters by keyword on the server and offers to clear a filter that matches nothing', async () => {
    store.set('workId', 7);
    answer({ list: [], total: 0 });
    await renderWithProviders(<MomentListPage />, { path: '/moment-push/list?keyword=%E6%97%A0' });
    expect((await screen.findByTestId('moments-empty-filtered')).textContent).toContain('没有符合条件的朋友圈');
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/qw/moment/list', { page: 1, pageSize: 10, keyword: '无' }));
  }, 20_000);

  it('cancels after a confirmation', async () => {
    store.set('workId', 7);
    answer({ list: [row()], total: 1 });
    await renderPage();
    fireEvent.click(await screen.findByTestId('moment-cancel'));
    // The confirmation is loaded when first opened: its first import compiles antd's Modal (seconds on a busy machine).
    fireEvent.click(await screen.findByRole('button', { name: '取消朋友圈' }, { timeout: 15_000 }));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/qw/moment/cancel', { id: 1 }, { silent: true }));
  }, 20_000);

  it('shows a load failure with a retry', async () => {
    store.set('workId', 7);
    answer(new ApiRequestError(500, 500, '服务器开小差了'));
    await renderPage();
    const error = await screen.findByTestId('moments-error');
    expect(error.textContent).toContain('朋友圈加载失败');
  }, 30_000);
});
