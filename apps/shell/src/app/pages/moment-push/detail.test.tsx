import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import MomentDetailPage from './detail';
import { detailOf, materialsAnswer, T0 } from './test-data';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const MEMBERS = [
  { userid: 'zhangsan', memberName: '张三', memberAvatar: '', status: 'published', publishedAt: T0 + 60_000, remindedAt: null },
  { userid: 'lisi', memberName: '李四', memberAvatar: '', status: 'unpublished', publishedAt: null, remindedAt: null },
  { userid: 'wangwu', memberName: '王五', memberAvatar: '', status: 'invalid', publishedAt: null, remindedAt: null },
];

function answer(detail: ReturnType<typeof detailOf> | Error = detailOf()) {
  mockedPost.mockImplementation(async (url: string, body: any) => {
    if (url === '/api/qw/moment/detail') {
      if (detail instanceof Error) throw detail;
      return detail;
    }
    if (url === '/api/qw/moment/members') {
      const list = body.status ? MEMBERS.filter((m) => m.status === body.status) : MEMBERS;
      return { list, total: list.length };
    }
    if (url === '/api/qw/moment/remind') return { reminded: 1, skipped: 1 };
    if (url === '/api/material/list') return materialsAnswer(body);
    if (url === '/api/qw/tag/list') return { list: [] };
    return null;
  });
}

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

describe('/moment-push/detail', () => {
  it('shows the counts, the members with their state, and reminds those who have not published', async () => {
    store.set('workId', 7);
    answer(detailOf({ invalidSenders: 1 }));
    await renderWithProviders(<MomentDetailPage />, { path: '/moment-push/detail?id=1' });
    const counts = await screen.findByTestId('moment-counts');
    expect(counts.textContent).toContain('已发表2');
    expect(counts.textContent).toContain('未发表1');
    expect(counts.textContent).toContain('无法发表1');
    const table = await screen.findByTestId('member-table');
    await waitFor(() => expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(3));
    expect(table.textContent).toContain('张三');
    expect(table.textContent).toContain('已发表');
    expect(table.textContent).toContain('2026-05-20 10:01:00');
    expect(screen.getAllByTestId('member-remind')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('moment-remind-all'));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/qw/moment/remind', { id: 1 }, { silent: true }));
    expect(await screen.findByText('已提醒 1 人，1 人已发表或 24 小时内已提醒，已跳过')).toBeTruthy();
    fireEvent.click(screen.getByTestId('member-remind'));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/qw/moment/remind', { id: 1, userid: 'lisi' }, { silent: true }));
    expect(screen.getByTestId('moment-preview').textContent).toContain('双十一全场五折');
  }, 30_000);

  it('says a moment that is gone is gone', async () => {
    store.set('workId', 7);
    answer(new ApiRequestError(404, 404, '朋友圈不存在或已删除'));
    await renderWithProviders(<MomentDetailPage />, { path: '/moment-push/detail?id=5' });
    expect((await screen.findByTestId('moment-not-found')).textContent).toContain('朋友圈不存在或已删除');
  }, 30_000);
});
