import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelCode, CodeMember } from '@scrm/contracts/contact-way';
import { post, store } from '@scrm/web-kit';
import { code, member, notFound, renderPage, settle } from '../../test-helpers';
import ChannelQrcodeDetailPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const overview = { addsToday: 4, addsYesterday: 2, addsTotal: 30, lostToday: 1, lostTotal: 5, netTotal: 25 };
const emptyDay = (date: string) => ({ date, adds: 0, newCustomers: 0, lostByMember: 0, lostByCustomer: 0, net: 0 });

/** A fake server for one code whose members' switches change as the page asks. */
function serve(c: ChannelCode) {
  let members: CodeMember[] = c.members;
  const listOf = () => ({ list: members, receivingUsers: members.filter((m) => m.receiving).map((m) => m.userid), noneAvailable: !members.some((m) => m.switchOn) });
  mockedPost.mockImplementation(async (url: string, body: unknown) => {
    switch (url) {
      case '/api/qw/lxw/info':
        return { ...c, members };
      case '/api/qw/lxw/member/list':
        return listOf();
      case '/api/qw/lxw/member/state/update': {
        const b = body as { userid: string; online: boolean };
        members = members.map((m) => (m.userid === b.userid ? { ...m, switchOn: b.online, receiving: b.online && m.receiving, offlineReasons: b.online ? [] : ['已手动下线'] } : m));
        return listOf();
      }
      case '/api/qw/lxw/remove/bind/seat/batch': {
        const count = members.length;
        members = members.map((m) => ({ ...m, receiving: false, offlineReasons: ['未绑定席位'] }));
        return { count };
      }
      case '/api/qw/lxw/date':
        return overview;
      case '/api/qw/lxw/data/day':
        return { list: [], total: emptyDay('') };
      case '/api/qw/tag/list':
        return { list: [] };
      default:
        throw new Error(`unexpected ${url}`);
    }
  });
}

const stateCalls = () => mockedPost.mock.calls.filter(([url]) => url === '/api/qw/lxw/member/state/update');
const switchOf = (name: string) => {
  const row = screen.getAllByTestId('code-member-name').find((n) => n.textContent === name)!.closest('tr')!;
  return within(row).getByRole('switch');
};

afterEach(() => {
  mockedPost.mockReset();
  store.set('auth', {});
});

describe('/channel-qrcode/detail', { timeout: 30_000 }, () => {
  it('shows the code, its settings, today’s figures and its members', async () => {
    serve(
      code(3, '抖音投放', {
        tagNames: ['意向客户'],
        schedule: [{ weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' }],
        members: [member('zhangsan', '张三', { receiving: true, effectiveCap: 3, addsToday: 2 }), member('lisi', '李四', { backup: true })],
      }),
    );
    await renderPage(<ChannelQrcodeDetailPage />, '/channel-qrcode/detail?id=3');
    expect((await screen.findByTestId('detail-name')).textContent).toBe('抖音投放');
    const settings = screen.getByTestId('settings-card').textContent;
    for (const text of ['按顺序分配', '每位成员每天 3 人', '周一至周五 09:00-18:00', '其余时间仅备用成员接待', '意向客户', '无需验证，扫码直接添加']) expect(settings).toContain(text);
    await waitFor(() => expect(screen.getByTestId('overview-addsToday').textContent).toContain('4'));
    expect(screen.getByTestId('overview-netTotal').textContent).toContain('25');
    await screen.findAllByTestId('code-member-name');
    const badges = screen.getAllByTestId('online-badge').map((b) => b.textContent);
    expect(badges).toEqual(['接待中', '备用，待命中']);
    expect(screen.getByTestId('member-card').textContent).toContain('2 / 3');
  });

  it('shows the welcome text with its placeholders marked, as the editor does', async () => {
    serve(code(3, '抖音投放', { welcome: { text: '你好 #客户昵称#', materialIds: [] } }));
    await renderPage(<ChannelQrcodeDetailPage />, '/channel-qrcode/detail?id=3');
    const summary = await screen.findByTestId('welcome-text-summary');
    expect(summary.textContent).toContain('你好');
    expect(summary.textContent).not.toContain('#客户昵称#');
    expect(within(summary).getByTestId('welcome-sample').textContent).toBe('客户昵称');
  });

  it('switches a member off at once when others can still receive, and refreshes', async () => {
    serve(code(3, '抖音投放', { members: [member('zhangsan', '张三', { receiving: true }), member('lisi', '李四')] }));
    await renderPage(<ChannelQrcodeDetailPage />, '/channel-qrcode/detail?id=3');
    await screen.findAllByTestId('code-member-name');
    await act(async () => fireEvent.click(switchOf('张三')));
    await settle(100);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stateCalls()).toEqual([['/api/qw/lxw/member/state/update', { id: 3, userid: 'zhangsan', online: false }, { silent: true }]]);
    await waitFor(() => expect(switchOf('张三').getAttribute('aria-checked')).toBe('false'));
    expect(screen.getAllByTestId('online-badge')[0]!.textContent).toContain('已手动下线');
  });

  it('asks before switching off the last member who can receive', async () => {
    serve(code(3, '抖音投放', { members: [member('zhangsan', '张三', { receiving: true }), member('lisi', '李四', { switchOn: false, offlineReasons: ['已手动下线'] })] }));
    await renderPage(<ChannelQrcodeDetailPage />, '/channel-qrcode/detail?id=3');
    await screen.findAllByTestId('code-member-name');
    await act(async () => fireEvent.click(switchOf('张三')));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('下线最后一位可接待的成员？');
    expect(dialog.textContent).toContain('张三 下线后，此活码将没有可接待的成员');
    expect(stateCalls()).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '确定下线' })));
    await settle(100);
    expect(stateCalls()).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('none-available')).toBeTruthy());

    // Switching back on needs no confirm.
    await act(async () => fireEvent.click(switchOf('李四')));
    await settle(100);
    expect(stateCalls().at(-1)?.[1]).toEqual({ id: 3, userid: 'lisi', online: true });
  });

  it('releases the seats of the code’s members after a confirm, and shows them without a seat', async () => {
    serve(code(3, '抖音投放', { members: [member('zhangsan', '张三', { receiving: true }), member('lisi', '李四')] }));
    await renderPage(<ChannelQrcodeDetailPage />, '/channel-qrcode/detail?id=3');
    await screen.findAllByTestId('code-member-name');
    await act(async () => fireEvent.click(screen.getByTestId('release-seats')));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('释放此活码全部接待成员的席位？');
    expect(mockedPost.mock.calls.some(([url]) => url === '/api/qw/lxw/remove/bind/seat/batch')).toBe(false);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '确定释放' })));
    await settle(100);
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/lxw/remove/bind/seat/batch', { id: 3 }, { silent: true });
    expect(await screen.findByText('已解绑 2 位成员的席位')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('online-badge').map((b) => b.textContent)).toEqual(['未绑定席位', '未绑定席位']));
  });

  it('shows no 释放成员席位 to a child without package.manage, even one that manages codes', async () => {
    store.set('auth', { 'channel-qrcode': true, 'channel-qrcode.manage': true, 'package.manage': false });
    serve(code(3, '抖音投放', { members: [member('zhangsan', '张三', { receiving: true })] }));
    await renderPage(<ChannelQrcodeDetailPage />, '/channel-qrcode/detail?id=3');
    await screen.findAllByTestId('code-member-name');
    expect(screen.getAllByTestId('member-switch')).toHaveLength(1);
    expect(screen.queryByTestId('release-seats')).toBeNull();
  });

  it('says why WeCom did not make a failed code, and how to make it again', async () => {
    serve(code(5, '权限被收回', { status: 'failed', error: '成员没有客户联系权限，请在企业微信后台配置', qrCode: '', members: [member('zhangsan', '张三')] }));
    await renderPage(<ChannelQrcodeDetailPage />, '/channel-qrcode/detail?id=5');
    const failed = await screen.findByTestId('detail-failed');
    expect(failed.textContent).toContain('企业微信未能生成此活码');
    expect(failed.textContent).toContain('成员没有客户联系权限，请在企业微信后台配置。修改设置（如更换接待成员）后保存，将重新生成。');
    expect(within(failed).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(screen.getByTestId('detail-status').textContent).toBe('生成失败');
  });

  it('says a deleted code is gone, with a way back', async () => {
    mockedPost.mockImplementation(async () => {
      throw notFound();
    });
    await renderPage(<ChannelQrcodeDetailPage />, '/channel-qrcode/detail?id=99');
    const gone = await screen.findByTestId('code-not-found');
    expect(gone.textContent).toContain('渠道活码不存在或已删除');
    expect(within(gone).getByRole('button', { name: '返回列表' })).toBeTruthy();
  });
});
