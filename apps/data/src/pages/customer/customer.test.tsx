import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayKey, DAY_MS } from '@scrm/contracts/china-time';
import type { DataDay } from '@scrm/contracts/data';
import { post } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import { barOption, lineOption } from '../../components/chart-options';
import DataCustomerPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const figures = (adds: number, lostByMember = 0, lostByCustomer = 0) => ({ adds, lostByMember, lostByCustomer, net: adds - lostByMember - lostByCustomer });
const week = (): DataDay[] => Array.from({ length: 7 }, (_, i) => ({ date: dayKey(Date.now() - (6 - i) * DAY_MS), ...figures(i === 6 ? 3 : 0, i === 6 ? 1 : 0, i === 6 ? 1 : 0) }));

/** A fake server holding one day with 3 adds and one deletion each way (or nothing). */
function serve(empty = false, updating = false) {
  mockedPost.mockImplementation(async (url: string, body: unknown) => {
    const b = body as { start: string; end: string };
    switch (url) {
      case '/api/qw/data/customer/overview':
        return { start: b.start, end: b.end, days: 7, ...(empty ? figures(0) : figures(3, 1, 1)), updating };
      case '/api/qw/data/customer/day':
        return { list: empty ? week().map((d) => ({ ...d, ...figures(0) })) : week(), total: empty ? figures(0) : figures(3, 1, 1) };
      case '/api/qw/data/customer/member':
        return { list: empty ? [] : [{ userid: 'zhangsan', name: '张三', ...figures(2, 0, 1) }, { userid: 'lisi', name: '李四', ...figures(1, 1, 0) }] };
      case '/api/qw/data/customer/code':
        return { list: [{ contactWayId: 5, name: '地推活码', ...figures(2, 0, 1) }, { contactWayId: 0, name: '未通过活码添加', ...figures(1, 1, 0) }] };
      case '/api/qw/data/customer/tag':
        return { list: [] };
      case '/api/qw/data/customer/retention':
        return { list: week().map((d) => ({ date: d.date, adds: d.adds, day1: null, day7: null, day30: null })) };
      default:
        throw new Error(`unexpected ${url}`);
    }
  });
}

const calls = (url: string) => mockedPost.mock.calls.filter(([u]) => u === url).map(([, body]) => body);

afterEach(() => mockedPost.mockReset());

describe('/data/customer', { timeout: 30_000 }, () => {
  it('shows the totals, the trend, members and retention for the last 7 days', async () => {
    serve();
    await renderWithProviders(<DataCustomerPage />, { path: '/data/customer', workId: 1 });
    await waitFor(() => expect(screen.getByTestId('data-total-adds').textContent).toContain('3'));
    expect(screen.getByTestId('data-total-lostByMember').textContent).toContain('成员删除1');
    expect(screen.getByTestId('data-total-lostByCustomer').textContent).toContain('客户删除1');
    expect(screen.getByTestId('data-total-net').textContent).toContain('净增长1');
    expect(calls('/api/qw/data/customer/overview')[0]).toEqual({ start: dayKey(Date.now() - 6 * DAY_MS), end: dayKey(Date.now()) });
    expect(screen.getByTestId('data-trend')).toBeTruthy();
    const members = await screen.findByTestId('data-table-member');
    await waitFor(() => expect(within(members).getAllByRole('row')).toHaveLength(3));
    expect(members.textContent).toContain('张三');
    // Retention lists the days with adds only.
    await waitFor(() => expect(within(screen.getByTestId('retention-table')).getAllByRole('row')).toHaveLength(2));
    expect(calls('/api/qw/data/customer/code')).toHaveLength(0);
    expect(screen.queryByTestId('data-updating')).toBeNull();
  });

  it('says when recent changes are still being counted', async () => {
    serve(false, true);
    await renderWithProviders(<DataCustomerPage />, { path: '/data/customer', workId: 1 });
    expect((await screen.findByTestId('data-updating')).textContent).toContain('数据更新中');
  });

  it('switches to codes', async () => {
    serve();
    await renderWithProviders(<DataCustomerPage />, { path: '/data/customer', workId: 1 });
    await screen.findByTestId('data-table-member');
    await act(async () => fireEvent.click(screen.getByText('按活码')));
    const codes = await screen.findByTestId('data-table-code');
    await waitFor(() => expect(codes.textContent).toContain('地推活码'));
    expect(codes.textContent).toContain('未通过活码添加');
  });

  it('shows an empty state when the range has no adds or deletions', async () => {
    serve(true);
    await renderWithProviders(<DataCustomerPage />, { path: '/data/customer', workId: 1 });
    expect((await screen.findByTestId('data-empty')).textContent).toContain('所选时间内暂无好友数据');
    expect(screen.queryByTestId('data-trend')).toBeNull();
  });
});

describe('chart options', () => {
  it('one line per figure over the days, and bars with the first row on top', () => {
    const days = week();
    const line = lineOption(days);
    expect(line.xAxis.data).toEqual(days.map((d) => d.date));
    expect(line.series.map((s) => s.name)).toEqual(['新增客户', '成员删除', '客户删除', '净增长']);
    expect(line.series[0]!.data[6]).toBe(3);
    const bars = barOption([{ name: '张三', ...figures(2) }, { name: '李四', ...figures(1) }]);
    expect(bars.yAxis.data).toEqual(['李四', '张三']);
    expect(bars.series.map((s) => s.name)).toEqual(['新增客户', '成员删除', '客户删除']);
  });
});
