import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import StaffListPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const sync = { status: 'done', phase: '', done: 0, total: 0, percent: 100, syncedAt: 1, error: null };

// antd's own defaults and the query client's own retries, as this suite was written.
const renderPage = () => renderWithProviders(<StaffListPage />, { path: '/staff/list', antdZh: false, retry: true });

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

describe('/staff/list', () => {
  it('asks to connect a corp when no work space is chosen', async () => {
    await renderPage();
    expect(screen.getByTestId('no-work-space').textContent).toContain('请先连接企业微信');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/qw/list?method=create');
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('lists the members with departments, status and customer counts', async () => {
    store.set('workId', 7);
    mockedPost.mockImplementation(async (url: string) => {
      if (url === '/api/qw/department/list') return { list: [{ id: 1, name: '总部', parentId: 0, order: 1 }, { id: 2, name: '销售部', parentId: 1, order: 1 }] };
      return {
        list: [
          { userid: 'zhangsan', name: '张三', departments: [{ id: 2, name: '销售部' }], status: 1, position: '经理', avatar: '', isFollowUser: true, customerCount: 12 },
          { userid: 'lisi', name: '李四', departments: [{ id: 1, name: '总部' }], status: 5, position: '', avatar: '', isFollowUser: false, customerCount: 0 },
        ],
        total: 2,
        sync,
      };
    });
    await renderPage();
    const table = await screen.findByTestId('member-table');
    await screen.findByText('张三');
    for (const text of ['张三', 'zhangsan', '销售部', '已激活', '12', '李四', '退出企业', '共 2 人']) expect(table.textContent + document.body.textContent).toContain(text);
    expect(screen.getByTestId('department-tree').textContent).toContain('销售部');
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/member/list', { page: 1, pageSize: 20 });
  });

  it('shows who holds a seat and filters by it', async () => {
    store.set('workId', 7);
    mockedPost.mockImplementation(async (url: string) =>
      url === '/api/qw/department/list'
        ? { list: [] }
        : {
            list: [
              { userid: 'zhangsan', name: '张三', departments: [], status: 1, position: '', avatar: '', isFollowUser: true, customerCount: 1, seatExpiresAt: Date.UTC(2030, 0, 2) },
              { userid: 'lisi', name: '李四', departments: [], status: 1, position: '', avatar: '', isFollowUser: true, customerCount: 0, seatExpiresAt: null },
            ],
            total: 2,
            sync,
          },
    );
    await renderPage();
    expect((await screen.findByTestId('member-seat')).textContent).toBe('至 2030-01-02');
    expect(screen.getByTestId('member-seat-none').textContent).toBe('无席位');
    expect(screen.getByTestId('member-seat-filter').textContent).toContain('全部成员');
  });

  it('shows the sync progress while members sync', async () => {
    store.set('workId', 7);
    mockedPost.mockImplementation(async (url: string) =>
      url === '/api/qw/department/list'
        ? { list: [] }
        : { list: [], total: 0, sync: { ...sync, status: 'running', phase: 'member', done: 1, total: 3, percent: 10 } },
    );
    await renderPage();
    expect((await screen.findByTestId('member-sync-progress')).textContent).toContain('同步成员（1/3）');
  });
});
