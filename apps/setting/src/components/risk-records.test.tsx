import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RiskRecord } from '@scrm/contracts/risk';
import { ApiRequestError, post, store } from '@scrm/web-kit';
import { renderPage } from '../test/render';
import { RiskRecords } from './risk-records';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const record = (over: Partial<RiskRecord>): RiskRecord => ({
  id: 1,
  userid: 'zhangsan',
  memberName: '张三',
  memberAvatar: '',
  contactWayId: null,
  codeName: '全部活码',
  kind: 'limit_daily',
  action: 'offline',
  reason: '今日已添加 20 位客户，达到「销售上限」每日上限 20 人',
  auto: true,
  operator: '',
  restorable: true,
  createdAt: Date.UTC(2031, 0, 8, 2, 5),
  ...over,
});

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

describe('risk records table', { timeout: 30_000 }, () => {
  it('explains what gets recorded when there is nothing yet', async () => {
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderPage(<RiskRecords filters />);
    const empty = await screen.findByTestId('records-empty');
    expect(empty.textContent).toContain('暂无风控记录');
    expect(empty.textContent).toContain('一键恢复上线');
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/risk/record/list', { page: 1, pageSize: 20 });
  });

  it('shows a load failure with a retry', async () => {
    mockedPost.mockRejectedValueOnce(new ApiRequestError(500, 500, '服务器繁忙，请稍后重试'));
    await renderPage(<RiskRecords filters />);
    const error = await screen.findByTestId('records-error');
    expect(error.textContent).toContain('服务器繁忙，请稍后重试');
    mockedPost.mockResolvedValue({ list: [record({})], total: 1 });
    fireEvent.click(within(error).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('张三')).toBeTruthy();
  });

  it('lists records with scope, kind, action and who handled them; only offlines in force can be restored', async () => {
    mockedPost.mockResolvedValue({
      list: [
        record({ id: 3, action: 'online', auto: false, operator: '王经理', reason: '手动恢复上线', restorable: false }),
        record({ id: 2, kind: 'code_cap', contactWayId: 9, codeName: '抖音投放', reason: '今日已通过「抖音投放」添加 5 位客户', restorable: true }),
        record({ id: 1, kind: 'cron', restorable: false, reason: '不在「工作时间」的上线时间（周一至周五 09:00-18:00）' }),
      ],
      total: 3,
    });
    await renderPage(<RiskRecords filters />);
    const table = await screen.findByTestId('records-table');
    await screen.findByText('抖音投放');
    const text = table.textContent!;
    for (const t of ['2031-01-08 10:05:00', '张三', '全部活码', '抖音投放', '活码每日上限', '每日添加上限', '定时上下线', '下线', '上线', '自动', '手动（王经理）', '手动恢复上线']) {
      expect(text, t).toContain(t);
    }
    expect(screen.queryByTestId('record-restore-3')).toBeNull();
    expect(screen.queryByTestId('record-restore-1')).toBeNull();
    expect(screen.getByTestId('record-restore-2')).toBeTruthy();
    expect(screen.getByTestId('record-action-3').textContent).toBe('上线');
    expect(screen.getByTestId('record-action-2').textContent).toBe('下线');
  });

  it('restores after a confirm that says where the member comes back', async () => {
    mockedPost.mockImplementation(async (url: string) =>
      url === '/api/qw/risk/record/restore'
        ? record({ id: 5, action: 'online', auto: false, restorable: false })
        : { list: [record({ id: 2, kind: 'code_cap', contactWayId: 9, codeName: '抖音投放' })], total: 1 },
    );
    await renderPage(<RiskRecords filters />);
    fireEvent.click(await screen.findByTestId('record-restore-2'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('恢复「张三」上线？');
    expect(dialog.textContent).toContain('成员将立即重新接待「抖音投放」的客户');
    expect(mockedPost).not.toHaveBeenCalledWith('/api/qw/risk/record/restore', expect.anything(), expect.anything());
    fireEvent.click(screen.getByTestId('confirm-restore'));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/qw/risk/record/restore', { id: 2 }, { silent: true }));
  });

  it('filters to what is in force and offers to clear filters when nothing matches', async () => {
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderPage(<RiskRecords filters />);
    await screen.findByTestId('records-empty');
    fireEvent.click(screen.getByRole('checkbox', { name: '仅看生效中' }));
    await waitFor(() => expect(mockedPost).toHaveBeenLastCalledWith('/api/qw/risk/record/list', { page: 1, pageSize: 20, active: true }));
    const empty = await screen.findByTestId('records-empty-filtered');
    expect(empty.textContent).toContain('没有符合条件的记录');
    fireEvent.click(within(empty).getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(mockedPost).toHaveBeenLastCalledWith('/api/qw/risk/record/list', { page: 1, pageSize: 20 }));
  });

  it('asks only for a plan’s records on its page', async () => {
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderPage(<RiskRecords scope={{ limitPlanId: 4, active: true }} empty="当前没有被此计划下线的成员" />);
    expect((await screen.findByTestId('records-table')).textContent).toContain('当前没有被此计划下线的成员');
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/risk/record/list', { page: 1, pageSize: 20, limitPlanId: 4, active: true });
    expect(screen.queryByTestId('records-kind-filter')).toBeNull();
  });
});
