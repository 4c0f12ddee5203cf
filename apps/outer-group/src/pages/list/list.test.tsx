import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupList, GroupListBody, GroupRow } from '@scrm/contracts/group';
import type { SyncProgress } from '@scrm/contracts/qw';
import { post } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import OuterGroupListPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const done: SyncProgress = { status: 'done', phase: '', done: 0, total: 0, percent: 100, syncedAt: Date.UTC(2026, 10, 26, 2), error: null };
const group = (chatId: string, name: string, over: Partial<GroupRow> = {}): GroupRow => ({
  chatId,
  name,
  owner: 'zhangsan',
  ownerName: '张三',
  memberCount: 3,
  customerCount: 2,
  staffCount: 1,
  createTime: Date.UTC(2026, 10, 20, 2),
  status: 0,
  todayJoins: 0,
  todayQuits: 0,
  ...over,
});

function serve(groups: (body: GroupListBody) => GroupList, extra: Record<string, unknown> = {}) {
  mockedPost.mockImplementation(async (url: string, body: unknown) => {
    if (url === '/api/qw/group/list') return groups(body as GroupListBody);
    if (url === '/api/qw/tag/list') return { list: [{ groupId: 'g1', groupName: '客户等级', order: 0, tags: [{ id: 't1', name: 'VIP', order: 0 }] }] };
    if (url === '/api/qw/member/find') return { list: [] };
    if (url in extra) return extra[url];
    throw new Error(`unexpected ${url}`);
  });
}
const listCalls = () => mockedPost.mock.calls.filter(([url]) => url === '/api/qw/group/list').map(([, body]) => body as GroupListBody);
const render = (path = '/outer-group/list', workId = 1) => renderWithProviders(<OuterGroupListPage />, { path, route: '/outer-group/list', workId });

afterEach(() => mockedPost.mockReset());

describe('/outer-group/list', { timeout: 30_000 }, () => {
  it('asks to connect WeCom when no work space is chosen', async () => {
    await render('/outer-group/list', 0);
    expect(screen.getByTestId('no-work-space').textContent).toContain('请先连接企业微信');
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('shows each group with its owner, customers vs staff and today\'s joins and quits', async () => {
    serve(() => ({
      list: [group('wr1', '周末活动群', { todayJoins: 4, todayQuits: 1, memberCount: 12, customerCount: 10, staffCount: 2 }), group('wr2', '', { status: 1 })],
      total: 2,
      sync: done,
    }));
    await render();
    await screen.findAllByTestId('group-name');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByTestId('group-name').textContent).toBe('周末活动群');
    expect(within(first).getByTestId('group-name').getAttribute('href')).toBe('/outer-group/detail?id=wr1');
    expect(within(first).getByTestId('group-owner').textContent).toBe('张三');
    expect(within(first).getByTestId('group-members').textContent).toBe('12');
    expect(within(first).getByTestId('group-customers').textContent).toBe('10');
    expect(within(first).getByTestId('group-staff').textContent).toBe('2');
    expect(within(first).getByTestId('group-joins').textContent).toBe('4');
    expect(within(first).getByTestId('group-quits').textContent).toBe('1');
    expect(first.textContent).toContain('2026-11-20 10:00');
    // an unnamed group and an owner who left
    expect(rows[1]!.textContent).toContain('未命名群聊');
    expect(rows[1]!.textContent).toContain('群主已离职');
    expect(screen.getByText('共 2 个客户群')).toBeTruthy();
    expect(screen.getByTestId('synced-at').textContent).toContain('上次同步 2026-11-26 10:00');
    expect(listCalls()[0]).toEqual({ page: 1, pageSize: 20 });
  });

  it('sends the filters from the address and the name box, and tells no match apart from no groups', async () => {
    serve((body) => (body.name === '没有' ? { list: [], total: 0, sync: done } : { list: [group('wr1', '周末活动群')], total: 1, sync: done }));
    await render('/outer-group/list?owners=zhangsan,lisi&tags=t1');
    await screen.findAllByTestId('group-name');
    expect(listCalls()[0]).toEqual({ page: 1, pageSize: 20, owners: ['zhangsan', 'lisi'], tagIds: ['t1'] });
    const box = screen.getByPlaceholderText('搜索群名称');
    fireEvent.change(box, { target: { value: '没有' } });
    await act(async () => fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    const empty = await screen.findByTestId('groups-no-match');
    expect(empty.textContent).toContain('没有符合条件的客户群');
    expect(listCalls().at(-1)).toEqual({ page: 1, pageSize: 20, owners: ['zhangsan', 'lisi'], tagIds: ['t1'], name: '没有' });
    expect(screen.queryByTestId('groups-first')).toBeNull();
  });

  it('explains the page when there are no groups at all, with the sync at hand', async () => {
    serve(() => ({ list: [], total: 0, sync: { ...done, syncedAt: null } }));
    await render();
    const first = await screen.findByTestId('groups-first');
    expect(first.textContent).toContain('还没有客户群');
    expect(within(first).getByTestId('group-sync')).toBeTruthy();
  });

  it('starts a sync and follows its progress until it is done', async () => {
    let state: SyncProgress = done;
    let calls = 0;
    serve(
      () => {
        calls++;
        // running for two reads after the start, then done
        if (state.status === 'running' && calls > 3) state = { ...done, syncedAt: Date.UTC(2026, 10, 26, 3) };
        else if (state.status === 'running') state = { ...state, percent: 40 };
        return { list: [group('wr1', '周末活动群')], total: 1, sync: state };
      },
      { '/api/qw/group/sync': { ...done, status: 'running', phase: 'group', percent: 0 } },
    );
    await render();
    await screen.findAllByTestId('group-name');
    calls = 0;
    state = { ...done, status: 'running', phase: 'group', percent: 0 };
    await act(async () => fireEvent.click(screen.getAllByTestId('group-sync')[0]!));
    expect(mockedPost.mock.calls.some(([url]) => url === '/api/qw/group/sync')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('sync-progress')).toBeTruthy());
    await waitFor(() => expect(screen.getByTestId('synced-at').textContent).toContain('2026-11-26 11:00'), { timeout: 8000 });
    expect(screen.getByTestId('group-sync').textContent).toContain('同步客户群');
  });
});
