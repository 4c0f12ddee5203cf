import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupDetail } from '@scrm/contracts/group';
import { post } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import OuterGroupDetailPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const T0 = Date.UTC(2026, 10, 20, 2);
const detail: GroupDetail = {
  group: { chatId: 'wr1', name: '周末活动群', owner: 'zhangsan', ownerName: '张三', memberCount: 2, customerCount: 1, staffCount: 1, createTime: T0, status: 0, todayJoins: 0, todayQuits: 0, notice: '' },
  members: [
    { id: 'zhangsan', name: '张三', type: 1, joinTime: T0, joinScene: 1, joinSceneText: '由群成员邀请入群', invitor: '', invitorName: '' },
    { id: 'wmA', name: '李小姐', type: 2, joinTime: T0, joinScene: 3, joinSceneText: '扫描群二维码入群', invitor: 'zhangsan', invitorName: '张三' },
  ],
  trend: [],
};

afterEach(() => mockedPost.mockReset());

describe('/outer-group/detail', { timeout: 30_000 }, () => {
  it('titles the info card and links each customer to their record', async () => {
    mockedPost.mockResolvedValue(detail);
    await renderWithProviders(<OuterGroupDetailPage />, { path: '/outer-group/detail?id=wr1', route: '/outer-group/detail', workId: 1 });
    const names = await screen.findAllByTestId('member-name');
    expect(names.map((n) => [n.textContent, n.getAttribute('href')])).toEqual([
      ['张三', null],
      ['李小姐', '/customer/detail?id=wmA'],
    ]);
    expect(screen.getByText('群信息')).toBeTruthy();
    expect(within(screen.getByTestId('group-info')).getByText('暂无群公告')).toBeTruthy();
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/group/detail', { chatId: 'wr1' }, { silent: true });
  });
});
