import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerBatch, CustomerList, CustomerTotal } from '@scrm/contracts/customer';
import { post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import CustomerListPage from './index';
import { filterOf } from './filters';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const T0 = Date.UTC(2026, 4, 20, 2, 0, 0); // 2026-05-20 10:00 China time

const page = (over: Partial<CustomerList> = {}): CustomerList => ({
  list: [
    {
      externalUserid: 'wmA',
      name: '李小姐',
      avatar: '',
      type: 1,
      gender: 2,
      corpName: '',
      addedAt: T0,
      follows: [
        {
          userid: 'zhangsan',
          memberName: '张三',
          remark: '李总',
          createdAt: T0,
          addWay: 1,
          status: 'live',
          tags: [{ id: 't1', name: '高意向', groupId: 'g1', groupName: '客户等级' }],
        },
      ],
    },
    { externalUserid: 'wmB', name: '王先生', avatar: '', type: 2, gender: 1, corpName: '星河科技', addedAt: T0 - 1000, follows: [] },
  ],
  total: 2,
  totalExact: true,
  countedAt: null,
  counting: false,
  page: 1,
  pageSize: 20,
  ...over,
});

const routes = (list: CustomerList, batch?: CustomerBatch, counts: CustomerTotal[] = []) =>
  mockedPost.mockImplementation(async (url: string) => {
    if (url === '/api/qw/customer/list') return list;
    if (url === '/api/qw/customer/count') return counts.length > 1 ? counts.shift() : counts[0];
    if (url === '/api/qw/tag/list') return { list: [{ groupId: 'g1', groupName: '客户等级', order: 1, tags: [{ id: 't1', name: '高意向', order: 1 }] }] };
    if (url === '/api/qw/customer/batch/tag') return { id: 7 };
    if (url === '/api/qw/customer/batch/info') return batch;
    return { list: [], total: 0 };
  });

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
  store.set('auth', {});
});

describe('filters in the URL', () => {
  it('reads lists, tag modes and China days into the API filter', () => {
    const f = filterOf({
      keyword: ' 李 ',
      userids: 'a,b',
      tagIds: 't1,t2',
      tagMode: 'none',
      codes: '3,x,4',
      from: '2026-05-01',
      to: '2026-05-20',
      gender: '2',
      addWay: '1',
      status: 'deleted_by_customer',
      order: '',
    });
    expect(f).toEqual({
      keyword: '李',
      userids: ['a', 'b'],
      tagIds: ['t1', 't2'],
      tagMode: 'none',
      contactWayIds: [3, 4],
      addedFrom: '2026-05-01',
      addedTo: '2026-05-20',
      gender: 2,
      addWay: 1,
      status: 'deleted_by_customer',
    });
    const empty = { keyword: '', userids: '', tagIds: '', tagMode: 'all', codes: '', from: '', to: '', gender: '', addWay: '', status: 'bogus', order: '' };
    expect(filterOf(empty)).toEqual({});
  });
});

describe('/customer/list', { timeout: 30_000 }, () => {
  it('shows each customer with the members who follow them, their remark and tags', async () => {
    store.set('workId', 3);
    routes(page());
    await renderWithProviders(<CustomerListPage />, { path: '/customer/list' });
    const table = await screen.findByTestId('customer-table');
    await within(table).findByText('李小姐');
    expect(within(table).getByText('张三')).toBeTruthy();
    expect(within(table).getByText('备注：李总')).toBeTruthy();
    expect(within(table).getByText('高意向')).toBeTruthy();
    expect(within(table).getByText(/星河科技/)).toBeTruthy();
    expect(screen.getByTestId('customer-total').textContent).toBe('共 2 位客户');
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/customer/list', { page: 1, order: 'desc' });
  });

  it('offers to clear the filters when nothing matches them, and lists everyone again', async () => {
    store.set('workId', 3);
    routes(page({ list: [], total: 0 }));
    await renderWithProviders(<CustomerListPage />, { path: '/customer/list?gender=2' });
    const none = await screen.findByTestId('no-match');
    expect(none.textContent).toContain('没有符合条件的客户');
    routes(page());
    fireEvent.click(within(none).getByRole('button', { name: '清除筛选' }));
    await screen.findByText('李小姐');
    expect(mockedPost).toHaveBeenLastCalledWith('/api/qw/customer/list', { page: 1, order: 'desc' });
  });

  it('says a total still being counted, then the exact count and when it was counted', async () => {
    store.set('workId', 3);
    const counting = { total: 1000, totalExact: false, countedAt: null, counting: true };
    routes(page(counting), undefined, [counting, { total: 1234567, totalExact: true, countedAt: T0, counting: false }]);
    await renderWithProviders(<CustomerListPage />, { path: '/customer/list?status=live' });
    await screen.findByText('李小姐');
    expect(screen.getByTestId('customer-total').textContent).toBe('超过 1,000 位客户 · 统计中…');
    expect(screen.getByTestId('customer-total').dataset.exact).toBe('false');
    await waitFor(() => expect(screen.getByTestId('customer-total').textContent).toMatch(/^共 1,234,567 位客户 · .*10:00.* 统计$/), { timeout: 5000 });
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/customer/count', { status: 'live' });
  });

  it('says an estimated total as such and offers the whole result for a batch', async () => {
    store.set('workId', 3);
    const estimate = { total: 1234567, totalExact: false, countedAt: T0, counting: true };
    routes(page(estimate), {
      id: 7,
      status: 'done',
      total: 3,
      counting: false,
      done: 2,
      failed: 1,
      error: null,
      createdAt: T0,
      finishedAt: T0,
      failures: [{ externalUserid: 'wmA', customerName: '李小姐', userid: 'zhangsan', memberName: '张三', error: '企业微信系统繁忙，请稍后再试' }],
    }, [estimate]);
    await renderWithProviders(<CustomerListPage />, { path: '/customer/list?tagIds=t1&tagMode=all' });
    await screen.findByText('李小姐');
    expect(screen.getByTestId('customer-total').textContent).toBe('约 1,234,567 位客户 · 统计中…');
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/customer/list', { tagIds: ['t1'], tagMode: 'all', page: 1, order: 'desc' });

    const boxes = screen.getAllByRole('checkbox');
    await act(async () => fireEvent.click(boxes[1]!));
    expect(screen.getByTestId('selection').textContent).toBe('已选择 1 位客户');
    await act(async () => fireEvent.click(screen.getByTestId('select-all')));
    expect(screen.getByTestId('selection').textContent).toBe('已选择全部筛选结果（约 1,234,567 位）');

    await act(async () => fireEvent.click(screen.getByTestId('batch-add')));
    const modal = await screen.findByTestId('batch-modal');
    expect(modal.textContent).toContain('全部筛选结果（约 1,234,567 位）');
    await act(async () => fireEvent.click(within(document.body).getByTestId('batch-start')));
    expect(await within(document.body).findByText('请选择标签')).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalledWith('/api/qw/customer/batch/tag', expect.anything());
  });
});

describe('来源活码 filter', { timeout: 30_000 }, () => {
  it('lists channel and staff codes from the picker call a customer-only child may make', async () => {
    store.set('workId', 3);
    mockedPost.mockImplementation(async (url: string, body?: unknown) => {
      if (url === '/api/qw/customer/list') return page();
      if (url === '/api/qw/code/find') {
        const ids = (body as { ids?: number[] }).ids;
        const all = [
          { id: 4, name: '员工码-张三', kind: 'staff' },
          { id: 3, name: '抖音投放', kind: 'channel' },
        ];
        return { list: ids ? all.filter((c) => ids.includes(c.id)) : all };
      }
      return { list: [], total: 0 };
    });
    await renderWithProviders(<CustomerListPage />, { path: '/customer/list?codes=3' });
    await screen.findByText('李小姐');
    const picker = screen.getByTestId('filter-codes');
    // The names of the saved selection are asked for by id, whatever the search shows.
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/code/find', { ids: [3] });
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/code/find', { keyword: '' });
    expect(mockedPost).not.toHaveBeenCalledWith('/api/qw/lxw/list', expect.anything(), expect.anything());

    await act(async () => fireEvent.mouseDown(picker.querySelector('.ant-select-selector') ?? picker));
    expect(await within(document.body).findByText('员工码-张三')).toBeTruthy();
    expect(within(document.body).getByText('抖音投放')).toBeTruthy();
    expect(within(document.body).getByText('渠道活码')).toBeTruthy();
    expect(within(document.body).getByText('员工活码')).toBeTruthy();
  });

  it('offers a child without customer.manage no selection and no batch tagging, but keeps filters and export', async () => {
    store.set('workId', 3);
    store.set('auth', { customer: true, 'customer.manage': false });
    routes(page());
    await renderWithProviders(<CustomerListPage />, { path: '/customer/list' });
    await within(await screen.findByTestId('customer-table')).findByText('李小姐');
    expect(screen.queryByTestId('batch-add')).toBeNull();
    expect(screen.queryByTestId('batch-remove')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByTestId('export')).toBeTruthy();
    expect(screen.getByTestId('filter-tags')).toBeTruthy();
  });

  it('offers batch tagging with customer.manage', async () => {
    store.set('workId', 3);
    store.set('auth', { customer: true, 'customer.manage': true });
    routes(page());
    await renderWithProviders(<CustomerListPage />, { path: '/customer/list' });
    await within(await screen.findByTestId('customer-table')).findByText('李小姐');
    expect(screen.getByTestId('batch-add')).toBeTruthy();
    expect(screen.getByTestId('batch-remove')).toBeTruthy();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(0);
  });
});
