import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDetail } from '@scrm/contracts/customer';
import { ApiRequestError, post, store } from '@scrm/web-kit';
import CustomerDetailPage from './index';
import { renderWithProviders } from '@scrm/web-parts/test';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const T0 = Date.UTC(2026, 4, 20, 2, 0, 0); // 2026-05-20 10:00:00 China time

const customer: CustomerDetail = {
  externalUserid: 'wmCustomer1',
  name: '李小姐',
  avatar: '',
  type: 1,
  gender: 2,
  corpName: '',
  follows: [
    {
      userid: 'zhangsan',
      memberName: '张三',
      memberAvatar: '',
      remark: '李总-抖音',
      description: '对课程感兴趣',
      remarkMobiles: [],
      createdAt: T0,
      tags: [
        { id: 't1', name: '高意向', groupId: 'g1', groupName: '客户等级' },
        { id: 't2', name: 'VIP', groupId: 'g1', groupName: '客户等级' },
        { id: 't3', name: '抖音', groupId: 'g2', groupName: '来源渠道' },
      ],
      addWay: 1,
      state: 'ch_abc',
      deletedAt: null,
      deletedByCustomerAt: T0 + 3_600_000,
    },
  ],
  sources: [
    {
      addId: 2,
      kind: 'lead',
      contactWayId: 30,
      codeName: '五月线索',
      codeDeleted: false,
      leadId: 5,
      leadName: '王女士',
      batchId: 9,
      userid: 'lisi',
      memberName: '李四',
      addedAt: T0 + 60_000,
      welcomeStatus: 'missed',
      welcomeAt: null,
      welcomeError: '超过企业微信 20 秒发送时限，未能发送',
      tagStatus: 'none',
      tagNames: [],
      deletedByMemberAt: null,
      deletedByCustomerAt: null,
    },
    {
      addId: 1,
      kind: 'channel',
      contactWayId: 12,
      codeName: '抖音投放',
      codeDeleted: false,
      leadId: null,
      leadName: '',
      batchId: null,
      userid: 'zhangsan',
      memberName: '张三',
      addedAt: T0,
      welcomeStatus: 'sent',
      welcomeAt: T0 + 1000,
      welcomeError: null,
      tagStatus: 'done',
      tagNames: ['抖音'],
      deletedByMemberAt: null,
      deletedByCustomerAt: T0 + 3_600_000,
    },
  ],
  groups: [{ chatId: 'wr1', name: '老客回馈群', ownerName: '张三', joinedAt: T0 + 120_000, joinScene: 3, leftAt: null }],
  timeline: [
    { at: T0 + 3_600_000, kind: 'delete', level: 'error', text: '客户删除了成员 张三' },
    { at: T0 + 1000, kind: 'welcome', level: 'success', text: '欢迎语已发送' },
    { at: T0, kind: 'add', level: 'success', text: '通过渠道活码「抖音投放」添加成员 张三' },
  ],
};

async function renderPage(id: string | null = 'wmCustomer1') {
  await renderWithProviders(<CustomerDetailPage />, { path: id === null ? '/customer/detail' : `/customer/detail?id=${id}` });
}

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
  store.set('auth', {});
});

// antd's Table, Descriptions and Timeline take a while to render in jsdom.
describe('/customer/detail', { timeout: 20_000 }, () => {
  it('asks to connect a corp when no work space is chosen', async () => {
    await renderPage();
    expect(screen.getByTestId('no-work-space').textContent).toContain('请先连接企业微信');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/qw/list?method=create');
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('shows a skeleton while loading', async () => {
    store.set('workId', 3);
    mockedPost.mockReturnValue(new Promise(() => undefined));
    await renderPage();
    expect(screen.getByTestId('customer-loading')).toBeTruthy();
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/customer/detail', { externalUserid: 'wmCustomer1' }, { silent: true });
  });

  it('says the customer does not exist on a 404, with a way back', async () => {
    store.set('workId', 3);
    mockedPost.mockRejectedValue(new ApiRequestError(404, 404, '客户不存在'));
    await renderPage();
    const box = await screen.findByTestId('customer-not-found');
    expect(box.textContent).toContain('客户不存在或已被删除');
    expect(within(box).getByRole('link').getAttribute('href')).toBe('/customer/list');
    expect(within(box).getByRole('button', { name: '返回' })).toBeTruthy();
  });

  it('treats a missing id as not found without calling the server', async () => {
    store.set('workId', 3);
    await renderPage(null);
    expect((await screen.findByTestId('customer-not-found')).textContent).toContain('未指定客户');
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('shows other failures with a retry', async () => {
    store.set('workId', 3);
    mockedPost.mockRejectedValueOnce(new ApiRequestError(500, 500, '服务器开小差了')).mockResolvedValueOnce(customer);
    await renderPage();
    const alert = await screen.findByTestId('customer-error');
    expect(alert.textContent).toContain('客户详情加载失败');
    expect(alert.textContent).toContain('服务器开小差了');
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    });
    expect(await screen.findByTestId('customer-detail')).toBeTruthy();
  });

  it('shows the profile, sources with links to their codes, follow members with grouped tags, groups and the timeline', async () => {
    store.set('workId', 3);
    mockedPost.mockResolvedValue(customer);
    await renderPage();
    await screen.findByTestId('customer-detail');

    const profile = screen.getByTestId('customer-profile');
    for (const text of ['李小姐', '@微信', '来源：渠道活码抖音投放', '女', '2026-05-20 10:00:00', '跟进成员1 人', '所在客户群1 个', 'wmCustomer1']) expect(profile.textContent).toContain(text);

    const sources = screen.getByTestId('customer-sources');
    const links = within(sources).getAllByTestId('source-code-link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['五月线索', '/customer-qrcode/detail?id=9'],
      ['抖音投放', '/channel-qrcode/detail?id=12'],
    ]);
    for (const text of ['一客一码', '渠道活码', '王女士', '李四', '张三', '已发送', '超时未发送', '抖音', '客户已删除成员', '正常']) expect(sources.textContent).toContain(text);

    const follow = screen.getByTestId('follow-member');
    for (const text of ['张三', '李总-抖音', '对课程感兴趣', '扫描二维码', '客户已删除成员', '添加于 2026-05-20 10:00:00']) expect(follow.textContent).toContain(text);
    const tagGroups = within(follow).getAllByTestId('follow-tag-group').map((g) => g.textContent);
    expect(tagGroups).toEqual(['客户等级：高意向VIP', '来源渠道：抖音']);

    expect(screen.getByTestId('customer-groups').textContent).toContain('老客回馈群');
    expect(screen.getByTestId('customer-groups').textContent).toContain('扫描群二维码');

    const entries = screen.getAllByTestId('timeline-entry').map((e) => e.textContent);
    expect(entries).toEqual([
      '客户删除了成员 张三2026-05-20 11:00:00',
      '欢迎语已发送2026-05-20 10:00:01',
      '通过渠道活码「抖音投放」添加成员 张三2026-05-20 10:00:00',
    ]);
  });

  it('shows a deleted code without a link, and empty sections plainly', async () => {
    store.set('workId', 3);
    mockedPost.mockResolvedValue({
      ...customer,
      follows: [],
      groups: [],
      timeline: [],
      sources: [{ ...customer.sources[1]!, codeName: '抖音投放（已删除）', codeDeleted: true }],
    });
    await renderPage();
    const sources = await screen.findByTestId('customer-sources');
    expect(within(sources).queryByTestId('source-code-link')).toBeNull();
    expect(sources.textContent).toContain('抖音投放（已删除）');
    expect(screen.getByTestId('customer-follows').textContent).toContain('暂无跟进成员');
    expect(screen.getByTestId('customer-groups').textContent).toContain('未加入客户群');
    expect(screen.getByTestId('customer-timeline').textContent).toContain('暂无动态');
  });

  it('says a customer came through no code', async () => {
    store.set('workId', 3);
    mockedPost.mockResolvedValue({ ...customer, sources: [] });
    await renderPage();
    expect((await screen.findByTestId('customer-sources')).textContent).toContain('该客户不是通过活码添加的');
  });

  it('offers remark and tag editing only with customer.manage', async () => {
    store.set('workId', 3);
    mockedPost.mockResolvedValue(customer);
    store.set('auth', { customer: true, 'customer.manage': false });
    await renderPage();
    let follow = await screen.findByTestId('follow-member');
    expect(follow.textContent).toContain('李总-抖音');
    expect(within(follow).queryByTestId('edit-remark')).toBeNull();
    expect(within(follow).queryByTestId('edit-tags')).toBeNull();
    expect(screen.getByTestId('customer-sources')).toBeTruthy();

    act(() => store.set('auth', { customer: true, 'customer.manage': true }));
    follow = screen.getByTestId('follow-member');
    expect(within(follow).getByTestId('edit-remark')).toBeTruthy();
    expect(within(follow).getByTestId('edit-tags')).toBeTruthy();
  });
});
