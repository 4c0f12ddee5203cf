import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CronPlan, LimitPlan } from '@scrm/contracts/risk';
import { post, store } from '@scrm/web-kit';
import { renderPage } from '../../test/render';
import RiskPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const member = (userid: string, name: string, offline = false) => ({ userid, name, avatar: '', offline });
const cron: CronPlan = {
  id: 1,
  name: '工作时间',
  members: [member('a', '张三', true), member('b', '李四', true), member('c', '王五'), member('d', '赵六')],
  schedule: [{ weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' }],
  enabled: true,
  onlineNow: false,
  // Friday 2031-01-10 09:00 in China.
  nextChangeAt: Date.UTC(2031, 0, 10, 1, 0),
  createdAt: 1,
  updatedAt: 1,
};
const limit: LimitPlan = {
  id: 2,
  name: '全员上限',
  members: [],
  dailyCap: 50,
  hourlyCap: 0,
  burst: { count: 20, minutes: 10 },
  deleteRate: null,
  enabled: true,
  offlineNow: 3,
  createdAt: 1,
  updatedAt: 1,
};

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
  store.set('auth', {});
});

describe('/setting/risk', { timeout: 30_000 }, () => {
  it('asks to connect a corp when no work space is chosen', async () => {
    await renderPage(<RiskPage />, { workId: 0 });
    expect(screen.getByTestId('no-work-space').textContent).toContain('请先连接企业微信');
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('opens on the records with the three tabs', async () => {
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderPage(<RiskPage />, { path: '/setting/risk' });
    const tabs = screen.getByTestId('risk-tabs');
    for (const t of ['风控记录', '定时上下线', '成员加好友上限']) expect(tabs.textContent).toContain(t);
    expect((await screen.findByTestId('records-empty')).textContent).toContain('暂无风控记录');
  });

  it('lists cron plans with their members, hours and state now', async () => {
    mockedPost.mockResolvedValue({ list: [cron], total: 1 });
    await renderPage(<RiskPage />, { path: '/setting/risk?tab=cron' });
    const table = await screen.findByTestId('cron-table');
    await screen.findByText('工作时间');
    for (const t of ['张三', '李四', '王五', '等 4 人', '周一至周五 09:00-18:00', '下线中（2 人已下线）', '01-10 周五 09:00 上线']) expect(table.textContent, t).toContain(t);
    expect(table.textContent).not.toContain('赵六');
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/risk/plan/list', { page: 1, pageSize: 10 });
  });

  it('lists member limit plans with their rules and who they hold offline', async () => {
    mockedPost.mockResolvedValue({ list: [limit], total: 1 });
    await renderPage(<RiskPage />, { path: '/setting/risk?tab=limit' });
    const table = await screen.findByTestId('limit-table');
    await screen.findByText('全员上限');
    for (const t of ['全部成员', '每日最多 50 人', '10 分钟内添加 ≥ 20 人视为异常', '3 人被下线']) expect(table.textContent, t).toContain(t);
    expect(table.textContent).not.toContain('每小时');
  });

  it('invites to create the first plan', async () => {
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderPage(<RiskPage />, { path: '/setting/risk?tab=limit' });
    const empty = await screen.findByTestId('plans-empty');
    expect(empty.textContent).toContain('还没有成员加好友上限计划');
    expect(empty.querySelector('a')!.getAttribute('href')).toBe('/setting/risk/limit/create');
  });

  describe('a child without risk.manage', () => {
    const readOnly = () => store.set('auth', { risk: true, 'risk.manage': false });

    it('reads the plans with their state in words: no switch, 编辑, 删除 or 新建', async () => {
      readOnly();
      mockedPost.mockResolvedValue({ list: [cron], total: 1 });
      await renderPage(<RiskPage />, { path: '/setting/risk?tab=cron' });
      const table = await screen.findByTestId('cron-table');
      await screen.findByText('工作时间');
      expect(table.textContent).toContain('已启用');
      expect(screen.queryByTestId('plan-switch-1')).toBeNull();
      expect(screen.queryByTestId('plan-edit')).toBeNull();
      expect(screen.queryByTestId('plan-delete')).toBeNull();
      expect(screen.queryByTestId('cron-create')).toBeNull();
      expect(within(table).getByText('详情')).toBeTruthy();
    });

    it('gets the first-use page without the way to create', async () => {
      readOnly();
      mockedPost.mockResolvedValue({ list: [], total: 0 });
      await renderPage(<RiskPage />, { path: '/setting/risk?tab=limit' });
      const empty = await screen.findByTestId('plans-empty');
      expect(empty.textContent).toContain('还没有成员加好友上限计划');
      expect(empty.querySelector('a')).toBeNull();
    });

    it('sees every change control with risk.manage', async () => {
      store.set('auth', { risk: true, 'risk.manage': true });
      mockedPost.mockResolvedValue({ list: [cron], total: 1 });
      await renderPage(<RiskPage />, { path: '/setting/risk?tab=cron' });
      await screen.findByText('工作时间');
      expect(screen.getByTestId('plan-switch-1')).toBeTruthy();
      expect(screen.getByTestId('plan-edit')).toBeTruthy();
      expect(screen.getByTestId('plan-delete')).toBeTruthy();
      expect(screen.getByTestId('cron-create')).toBeTruthy();
    });
  });
});
