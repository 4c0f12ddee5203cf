import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import { PushListPage } from './list';
import { row } from './fixtures';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);
const wait = (ms = 50) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
  store.set('auth', {});
});

const rows = [
  row({ id: 1, name: '定时的', status: 'scheduled', sendAt: 1_763_100_000_000, startedAt: null }),
  row({ id: 2, name: '发送中的', status: 'sending' }),
  row({ id: 3, name: '完成的', status: 'done', finishedAt: 1_763_050_000_000 }),
  row({ id: 4, name: '取消的', status: 'cancelled' }),
  row({ id: 5, name: '失败的', status: 'failed', error: '企业微信接口调用失败' }),
];

describe('/push/list', { timeout: 30_000 }, () => {
  it('asks to connect a corp when no work space is chosen', async () => {
    await renderWithProviders(<PushListPage />, { path: '/push/list' });
    expect(screen.getByTestId('no-work-space')).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('explains pushes when there is none yet, with the way to make one', async () => {
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderWithProviders(<PushListPage />, { path: '/push/list', workId: 3 });
    const empty = await screen.findByTestId('push-empty');
    expect(empty.textContent).toContain('还没有群发');
    expect(within(empty).getByRole('button').textContent).toContain('新建群发');
  });

  it('says when nothing matches the filters, and sends them', async () => {
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderWithProviders(<PushListPage />, { path: '/push/list?keyword=无此群发&status=done&chatType=group', workId: 3 });
    expect(await screen.findByText('没有符合条件的群发')).toBeTruthy();
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/push/list', { page: 1, pageSize: 10, keyword: '无此群发', status: 'done', chatType: 'group' });
  });

  it('shows the failure with a retry', async () => {
    mockedPost.mockRejectedValue(new ApiRequestError(500, 500, '服务器开小差了'));
    await renderWithProviders(<PushListPage />, { path: '/push/list', workId: 3 });
    const error = await screen.findByTestId('push-error');
    expect(error.textContent).toContain('群发加载失败');
    expect(error.textContent).toContain('服务器开小差了');
  });

  it('offers 编辑 only while scheduled, 取消 until it is over, 删除 unless it is sending', async () => {
    mockedPost.mockResolvedValue({ list: rows, total: rows.length });
    await renderWithProviders(<PushListPage />, { path: '/push/list', workId: 3 });
    const names = await screen.findAllByTestId('push-name');
    expect(names.map((n) => n.textContent)).toEqual(['定时的', '发送中的', '完成的', '取消的', '失败的']);
    const actions = screen.getAllByTestId('push-actions').map((a) => a.textContent?.replace(/\s|\|/g, ''));
    expect(actions).toEqual(['详情编辑取消删除', '详情取消', '详情删除', '详情删除', '详情删除']);
    expect(screen.getAllByTestId('push-status').map((s) => s.textContent)).toEqual(['待发送', '发送中', '已完成', '已取消', '失败']);
    expect(screen.getAllByTestId('push-send-time')[0]!.textContent).toMatch(/^定时 \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(screen.getAllByTestId('push-members')[1]!.textContent).toBe('1/3');
  });

  it('cancels a push only once confirmed', async () => {
    mockedPost.mockImplementation(async (url: string) => (url === '/api/qw/push/list' ? { list: rows, total: rows.length } : null));
    await renderWithProviders(<PushListPage />, { path: '/push/list', workId: 3 });
    await screen.findAllByTestId('push-name');
    await act(async () => fireEvent.click(screen.getAllByTestId('push-cancel')[1]!));
    expect((await screen.findAllByText('取消群发「发送中的」？')).length).toBeGreaterThan(0);
    expect(mockedPost.mock.calls.some(([url]) => url === '/api/qw/push/cancel')).toBe(false);
    await act(async () => fireEvent.click(screen.getByTestId('push-cancel-ok')));
    await wait(100);
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/push/cancel', { id: 2 }, { silent: true });
  });

  it('deletes a push once confirmed', async () => {
    mockedPost.mockImplementation(async (url: string) => (url === '/api/qw/push/list' ? { list: rows, total: rows.length } : null));
    await renderWithProviders(<PushListPage />, { path: '/push/list', workId: 3 });
    await screen.findAllByTestId('push-name');
    await act(async () => fireEvent.click(screen.getAllByTestId('push-delete')[2]!));
    expect((await screen.findAllByText('删除群发「取消的」？')).length).toBeGreaterThan(0);
    await act(async () => fireEvent.click(screen.getByTestId('push-delete-ok')));
    await wait(100);
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/push/delete', { id: 4 }, { silent: true });
  });

  it('shows a child without push.create only 详情 and the filters: no 新建, 编辑, 取消 or 删除', async () => {
    store.set('auth', { push: true, 'push.create': false });
    mockedPost.mockResolvedValue({ list: rows, total: rows.length });
    await renderWithProviders(<PushListPage />, { path: '/push/list', workId: 3 });
    await screen.findAllByTestId('push-name');
    expect(screen.getAllByTestId('push-actions').map((a) => a.textContent?.replace(/\s|\|/g, ''))).toEqual(['详情', '详情', '详情', '详情', '详情']);
    expect(screen.queryByTestId('push-create')).toBeNull();
    expect(screen.getByTestId('push-search')).toBeTruthy();
  });

  it('gives a read-only child the first-use page without 新建群发', async () => {
    store.set('auth', { push: true, 'push.create': false });
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderWithProviders(<PushListPage />, { path: '/push/list', workId: 3 });
    const empty = await screen.findByTestId('push-empty');
    expect(empty.textContent).toContain('还没有群发');
    expect(within(empty).queryByRole('button')).toBeNull();
  });

  it('offers every change with push.create', async () => {
    store.set('auth', { push: true, 'push.create': true });
    mockedPost.mockResolvedValue({ list: rows, total: rows.length });
    await renderWithProviders(<PushListPage />, { path: '/push/list', workId: 3 });
    await screen.findAllByTestId('push-name');
    expect(screen.getByTestId('push-create')).toBeTruthy();
    expect(screen.getAllByTestId('push-actions')[0]!.textContent?.replace(/\s|\|/g, '')).toBe('详情编辑取消删除');
  });
});
