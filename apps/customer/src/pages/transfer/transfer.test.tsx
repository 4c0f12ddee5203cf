import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberFindBody, MemberOption } from '@scrm/contracts/customer';
import type { TransferCustomerBody, TransferList, TransferListBody, TransferRow } from '@scrm/contracts/transfer';
import { post } from '@scrm/web-kit';
import { renderWithProviders, settle } from '@scrm/web-parts/test';
import CustomerTransferPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const member = (userid: string, name: string): MemberOption => ({ userid, name, avatar: '', departmentNames: ['销售部'], isFollowUser: true });
const corp = [member('zhangsan', '张三'), member('lisi', '李四')];
const row = (id: number, customerName: string, status: number, statusText: string, over: Partial<TransferRow> = {}): TransferRow => ({
  id,
  kind: 'onjob',
  handoverUserid: 'zhangsan',
  handoverName: '张三',
  takeoverUserid: 'lisi',
  takeoverName: '李四',
  externalUserid: `wm${id}`,
  customerName,
  status,
  statusText,
  error: '',
  takeoverTime: status === 1 ? Date.UTC(2026, 10, 26, 4) : null,
  createdAt: Date.UTC(2026, 10, 26, 2),
  ...over,
});
const records: TransferList = {
  list: [
    row(3, '王小姐', 2, '等待接替'),
    row(2, '刘先生', 3, '客户拒绝'),
    row(1, '陈女士', 1, '接替完毕', { kind: 'resigned' }),
    row(4, 'wmnope', 0, '分配失败', { error: '客户 external_userid 无效' }),
  ],
  total: 4,
  counts: { '0': 1, '1': 1, '2': 1, '3': 1 },
};

function serve(extra: Record<string, (body: any) => unknown> = {}) {
  mockedPost.mockImplementation(async (url: string, body: unknown) => {
    if (url in extra) return extra[url]!(body);
    if (url === '/api/qw/transfer/list') {
      const b = body as TransferListBody;
      const list = records.list.filter((r) => b.status === undefined || r.status === b.status);
      return { ...records, list, total: list.length };
    }
    if (url === '/api/qw/transfer/unassigned') return { list: [], total: 0 };
    if (url === '/api/qw/member/find') {
      const f = body as MemberFindBody;
      return { list: f.userids ? corp.filter((m) => f.userids!.includes(m.userid)) : corp };
    }
    throw new Error(`unexpected ${url}`);
  });
}
const render = (workId = 1) => renderWithProviders(<CustomerTransferPage />, { path: '/customer/transfer', route: '/customer/transfer', workId });

async function pickMember(testId: string, index: number) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  await settle(400);
  const options = await screen.findAllByTestId('member-option');
  // the open list is the last one rendered
  const open = options.slice(-corp.length);
  await act(async () => fireEvent.click(open[index]!));
}

afterEach(() => mockedPost.mockReset());

describe('/customer/transfer', { timeout: 30_000 }, () => {
  it('asks to connect WeCom when no work space is chosen', async () => {
    await render(0);
    expect(screen.getByTestId('no-work-space')).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('shows the state of each transfer, with counts per state and the reason of a refusal to start', async () => {
    serve();
    await render();
    await screen.findAllByTestId('transfer-customer');
    const statuses = screen.getAllByTestId('transfer-status').map((t) => `${t.dataset.status}:${t.textContent}`);
    expect(statuses).toEqual(['2:等待接替', '3:客户拒绝', '1:接替完毕', '0:分配失败']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('预计 2026-11-27 10:00 前自动接替');
    expect(rows[2]!.textContent).toContain('2026-11-26 12:00');
    expect(rows[2]!.textContent).toContain('离职继承');
    const filter = screen.getByTestId('status-filter');
    expect(filter.textContent).toContain('全部 4');
    expect(filter.textContent).toContain('客户拒绝 1');
    await act(async () => fireEvent.click(within(filter).getByText('客户拒绝 1')));
    await waitFor(() => expect(screen.getAllByTestId('transfer-customer').map((c) => c.textContent)).toEqual(['刘先生']));
    expect(mockedPost).toHaveBeenLastCalledWith('/api/qw/transfer/list', { page: 1, pageSize: 20, status: 3 });
  });

  it('asks WeCom for the latest states and says how many changed', async () => {
    const check = vi.fn(() => ({ checked: 1, changed: 1 }));
    serve({ '/api/qw/transfer/check': check });
    await render();
    await screen.findAllByTestId('transfer-customer');
    const before = mockedPost.mock.calls.filter(([u]) => u === '/api/qw/transfer/list').length;
    await act(async () => fireEvent.click(screen.getByTestId('transfer-check')));
    await waitFor(() => expect(check).toHaveBeenCalled());
    await waitFor(() => expect(document.body.textContent).toContain('已更新 1 位客户的接替状态'));
    await waitFor(() => expect(mockedPost.mock.calls.filter(([u]) => u === '/api/qw/transfer/list').length).toBeGreaterThan(before));
  });

  it('hands chosen customers of a member to another, refusing the same member on both sides', async () => {
    const add = vi.fn((_: TransferCustomerBody) => ({ started: 2, failed: [] }));
    serve({
      '/api/qw/transfer/member-customers': () => ({
        list: [
          { externalUserid: 'wmA', name: '王小姐', remark: '老客户', addedAt: Date.UTC(2026, 10, 1), waiting: false },
          { externalUserid: 'wmB', name: '刘先生', remark: '', addedAt: Date.UTC(2026, 10, 2), waiting: false },
          { externalUserid: 'wmC', name: '陈女士', remark: '', addedAt: Date.UTC(2026, 10, 3), waiting: true },
        ],
        total: 3,
      }),
      '/api/qw/transfer/customer': add,
    });
    await render();
    await act(async () => fireEvent.click(screen.getByTestId('assign-onjob')));
    const modal = await screen.findByTestId('assign-modal');
    expect(modal.textContent).toContain('请先选择原跟进成员');
    await pickMember('assign-handover', 0);
    await screen.findAllByTestId('assign-customer');
    const table = screen.getByTestId('assign-customers');
    const boxes = within(table).getAllByRole('checkbox').slice(1);
    // the customer already being transferred cannot be chosen
    expect((boxes[2] as HTMLInputElement).disabled).toBe(true);
    await act(async () => fireEvent.click(boxes[0]!));
    await act(async () => fireEvent.click(boxes[1]!));
    expect(screen.getByTestId('assign-modal').textContent).toContain('已选 2 位客户');

    await pickMember('assign-takeover', 0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定分配' })));
    expect((await screen.findByTestId('assign-problem')).textContent).toBe('接替成员不能是原跟进成员');
    expect(add).not.toHaveBeenCalled();

    await pickMember('assign-takeover', 1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定分配' })));
    await waitFor(() => expect(add).toHaveBeenCalledWith({ kind: 'onjob', handoverUserid: 'zhangsan', takeoverUserid: 'lisi', externalUserids: ['wmA', 'wmB'] }));
    await waitFor(() => expect(document.body.textContent).toContain('已发起 2 位客户的转接，等待客户接替'));
  });

  it('hands departed members\' customers and groups to a member', async () => {
    const add = vi.fn((_: TransferCustomerBody) => ({ started: 2, failed: [] }));
    const move = vi.fn(() => ({ moved: 1, failed: [] }));
    serve({
      '/api/qw/transfer/unassigned': () => ({
        list: [
          { handoverUserid: 'gone1', handoverName: 'gone1', externalUserid: 'wmX', customerName: '孙先生', dimissionTime: Date.UTC(2026, 10, 25) },
          { handoverUserid: 'gone2', handoverName: 'gone2', externalUserid: 'wmY', customerName: '周女士', dimissionTime: Date.UTC(2026, 10, 25) },
        ],
        total: 2,
      }),
      '/api/qw/transfer/customer': add,
      '/api/qw/transfer/group/list': () => ({ list: [{ chatId: 'wr9', name: '老客户群', owner: 'gone1', ownerName: 'gone1', memberCount: 8 }], total: 1 }),
      '/api/qw/transfer/group': move,
    });
    await render();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '待分配的离职成员客户' })));
    await screen.findAllByTestId('unassigned-customer');
    const table = screen.getByTestId('unassigned-table');
    expect(screen.getByTestId('assign-resigned').textContent).toBe('勾选客户后分配');
    await act(async () => fireEvent.click(within(table).getAllByRole('checkbox')[0]!));
    expect(screen.getByTestId('assign-resigned').textContent).toContain('分配选中的 2 位客户');
    await act(async () => fireEvent.click(screen.getByTestId('assign-resigned')));
    expect((await screen.findByTestId('assign-modal')).textContent).toContain('将分配 2 位离职成员的客户');
    await pickMember('assign-takeover', 1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定分配' })));
    // one WeCom request per departed member
    await waitFor(() => expect(add).toHaveBeenCalledTimes(2));
    expect(add.mock.calls.map(([b]) => b)).toEqual([
      { kind: 'resigned', handoverUserid: 'gone1', takeoverUserid: 'lisi', externalUserids: ['wmX'] },
      { kind: 'resigned', handoverUserid: 'gone2', takeoverUserid: 'lisi', externalUserids: ['wmY'] },
    ]);

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '离职成员的客户群' })));
    expect((await screen.findByTestId('resigned-group')).textContent).toBe('老客户群');
    await act(async () => fireEvent.click(within(screen.getByTestId('resigned-group-table')).getAllByRole('checkbox')[1]!));
    await pickMember('group-new-owner', 0);
    await act(async () => fireEvent.click(screen.getByTestId('assign-groups')));
    await waitFor(() => expect(move).toHaveBeenCalledWith({ chatIds: ['wr9'], newOwner: 'zhangsan' }));
    await waitFor(() => expect(document.body.textContent).toContain('已将 1 个客户群分配给新群主'));
  });
});
