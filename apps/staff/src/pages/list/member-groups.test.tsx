import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, store } from '@scrm/web-kit';
import { memberGroup, renderWithProviders } from '@scrm/web-parts/test';
import { MemberGroups } from './member-groups';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const groups = { list: [memberGroup(3, '华东销售组', [['zhangsan', '张三']], ['gone'])] };

const renderPart = () => renderWithProviders(<MemberGroups workId={7} />);

afterEach(() => {
  mockedPost.mockReset();
  store.set('auth', {});
});

describe('成员分组 on /staff/list', { timeout: 30_000 }, () => {
  it('lists the groups with their members, departed ones marked, and in-corp counts', async () => {
    mockedPost.mockImplementation(async () => groups);
    await renderPart();
    const table = await screen.findByTestId('member-group-table');
    await screen.findByText('华东销售组');
    for (const text of ['华东销售组', '张三', 'gone（已离职）', '在职人数']) expect(table.textContent).toContain(text);
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/member/group/find', {});
  });

  it('shows the empty state with a create button', async () => {
    mockedPost.mockImplementation(async () => ({ list: [] }));
    await renderPart();
    expect((await screen.findByText('暂无成员分组')).closest('.ant-empty')?.textContent).toContain('新建分组');
  });

  it('shows a load failure in Chinese with a retry', async () => {
    mockedPost.mockImplementation(async () => {
      throw new Error('网络异常');
    });
    await renderPart();
    const alert = await screen.findByTestId('member-groups-error', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('网络异常');
    expect(alert.textContent).toContain('重试');
  });

  it('creates a group with a name, refusing an empty one in Chinese', async () => {
    mockedPost.mockImplementation(async (url: string) => (url === '/api/qw/member/group/add' ? { id: 9, name: '新组', count: 0, members: [] } : groups));
    await renderPart();
    await screen.findByText('华东销售组');
    fireEvent.click(screen.getByTestId('member-group-add'));
    const modal = await screen.findByTestId('member-group-modal');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请填写分组名称')).toBeTruthy();
    fireEvent.change(screen.getByTestId('member-group-name'), { target: { value: ' 新组 ' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/qw/member/group/add', { name: '新组', userids: [] }, { silent: true }));
    expect(modal).toBeTruthy();
  });

  it('deletes a group only after the confirm', async () => {
    mockedPost.mockImplementation(async (url: string) => (url === '/api/qw/member/group/delete' ? null : groups));
    await renderPart();
    await screen.findByText('华东销售组');
    fireEvent.click(screen.getByTestId('member-group-delete'));
    expect((await screen.findAllByText('删除分组「华东销售组」？')).length).toBeGreaterThan(0);
    expect(mockedPost).not.toHaveBeenCalledWith('/api/qw/member/group/delete', expect.anything(), expect.anything());
    fireEvent.click(document.querySelector('.ant-modal-confirm-btns .ant-btn-dangerous')!);
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/qw/member/group/delete', { id: 3 }, { silent: true }));
  });

  it('takes a member out of a group only after the confirm', async () => {
    mockedPost.mockImplementation(async (url: string) => (url === '/api/qw/member/group/remove' ? groups.list[0] : groups));
    await renderPart();
    await screen.findByText('华东销售组');
    const tag = screen.getAllByTestId('member-group-member').find((t) => t.getAttribute('data-userid') === 'zhangsan')!;
    fireEvent.click(tag.querySelector('.ant-tag-close-icon')!);
    expect((await screen.findAllByText('将「张三」移出分组「华东销售组」？')).length).toBeGreaterThan(0);
    expect(mockedPost).not.toHaveBeenCalledWith('/api/qw/member/group/remove', expect.anything(), expect.anything());
    fireEvent.click(document.querySelector('.ant-modal-confirm-btns .ant-btn-dangerous')!);
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/qw/member/group/remove', { id: 3, userids: ['zhangsan'] }, { silent: true }));
  });

  it('shows a child without staff.group the groups read-only: no 新建, 编辑, 删除 or taking a member out', async () => {
    store.set('auth', { staff: true, 'staff.group': false });
    mockedPost.mockImplementation(async () => groups);
    await renderPart();
    const table = await screen.findByTestId('member-group-table');
    await screen.findByText('华东销售组');
    expect(table.textContent).toContain('张三');
    expect(screen.queryByTestId('member-group-add')).toBeNull();
    expect(screen.queryByTestId('member-group-edit')).toBeNull();
    expect(screen.queryByTestId('member-group-delete')).toBeNull();
    expect(table.querySelector('.ant-tag-close-icon')).toBeNull();
    expect(screen.getByTestId('member-group-search')).toBeTruthy();
  });

  it('gives a read-only child an empty state without the create button', async () => {
    store.set('auth', { staff: true, 'staff.group': false });
    mockedPost.mockImplementation(async () => ({ list: [] }));
    await renderPart();
    expect((await screen.findByText('暂无成员分组')).closest('.ant-empty')?.textContent).not.toContain('新建分组');
  });

  it('offers every change with staff.group', async () => {
    store.set('auth', { staff: true, 'staff.group': true });
    mockedPost.mockImplementation(async () => groups);
    await renderPart();
    await screen.findByText('华东销售组');
    expect(screen.getByTestId('member-group-add')).toBeTruthy();
    expect(screen.getByTestId('member-group-edit')).toBeTruthy();
    expect(screen.getByTestId('member-group-delete')).toBeTruthy();
    expect(screen.getByTestId('member-group-table').querySelector('.ant-tag-close-icon')).not.toBeNull();
  });
});
