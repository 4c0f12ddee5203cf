import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CorpTagList } from '@scrm/contracts/customer';
import { ApiRequestError, post, store } from '@scrm/web-kit';
import { renderWithProviders, settle } from '@scrm/web-parts/test';
import TagListPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const sample = (): CorpTagList => ({
  countedAt: Date.UTC(2026, 10, 26, 6, 30),
  list: [
    {
      groupId: 'g1',
      groupName: '客户等级',
      order: 2,
      tags: [
        { id: 't1', name: '重要', order: 2, customers: 12 },
        { id: 't2', name: '普通', order: 1, customers: 0 },
      ],
    },
    { groupId: 'g2', groupName: '来源', order: 1, tags: [{ id: 't3', name: '官网', order: 0, customers: 3 }] },
  ],
});

function serve(list: () => CorpTagList, extra: Record<string, (body: any) => unknown> = {}) {
  mockedPost.mockImplementation(async (url: string, body: unknown) => {
    if (url === '/api/qw/tag/list') return list();
    if (url in extra) return extra[url]!(body);
    throw new Error(`unexpected ${url}`);
  });
}
const calls = (url: string) => mockedPost.mock.calls.filter(([u]) => u === url).map(([, b]) => b);
const render = () => renderWithProviders(<TagListPage />, { path: '/tag/list', workId: 1 });

afterEach(() => {
  mockedPost.mockReset();
  store.set('auth', {});
});

describe('/tag/list', { timeout: 30_000 }, () => {
  it('asks to connect WeCom when no work space is chosen', async () => {
    await renderWithProviders(<TagListPage />, { path: '/tag/list', workId: 0 });
    expect(screen.getByTestId('no-work-space')).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('shows the empty state with the way to the first group', async () => {
    serve(() => ({ list: [] }));
    await render();
    const empty = await screen.findByTestId('tags-empty');
    expect(empty.textContent).toContain('暂无标签，点击新建标签组');
    expect(within(empty).getByRole('button', { name: /新建标签组/ })).toBeTruthy();
  });

  it('lists the groups in order with their tags and customer counts', async () => {
    serve(sample);
    await render();
    const groups = await screen.findAllByTestId('tag-group');
    expect(groups.map((g) => within(g).getByTestId('group-name').textContent)).toEqual(['客户等级', '来源']);
    const chips = within(groups[0]!).getAllByTestId('tag-chip');
    expect(chips.map((c) => within(c).getByTestId('tag-name').textContent)).toEqual(['重要', '普通']);
    expect(within(chips[0]!).getByTestId('tag-customers').textContent).toContain('12');
    expect(screen.getByTestId('tags-summary').textContent).toBe('共 2 个标签组，3 个标签；客户数统计于 2026-11-26 14:30，约每分钟更新');
    expect(calls('/api/qw/tag/list')[0]).toEqual({ counts: true });
  });

  it('creates a group with two tags, checking names first', async () => {
    let list = sample();
    serve(() => list, {
      '/api/qw/tag/add': (body) => {
        list = { list: [...list.list, { groupId: 'g3', groupName: body.groupName, order: 0, tags: body.tags.map((t: { name: string }, i: number) => ({ id: `n${i}`, name: t.name, order: 0, customers: 0 })) }] };
        return { groupId: 'g3', groupName: body.groupName, tags: [] };
      },
    });
    await render();
    await screen.findAllByTestId('tag-group');
    fireEvent.click(screen.getByTestId('new-group'));
    const dialog = await screen.findByRole('dialog');
    // an existing group's name is refused before anything is sent
    fireEvent.change(within(dialog).getByTestId('group-name'), { target: { value: '来源' } });
    fireEvent.click(within(dialog).getByTestId('new-group-ok'));
    expect(await within(dialog).findByText('已有标签组「来源」')).toBeTruthy();
    expect(await within(dialog).findByText('至少添加一个标签（企业微信的标签组不能为空）')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('group-name'), { target: { value: '兴趣' } });
    const names = within(dialog).getByRole('combobox');
    for (const n of ['健身', '美食']) {
      fireEvent.change(names, { target: { value: n } });
      fireEvent.keyDown(names, { key: 'Enter', code: 'Enter', keyCode: 13 });
    }
    fireEvent.click(within(dialog).getByTestId('new-group-ok'));
    await waitFor(() => expect(calls('/api/qw/tag/add')).toEqual([{ groupName: '兴趣', tags: [{ name: '健身' }, { name: '美食' }] }]));
    await waitFor(() => expect(screen.getAllByTestId('tag-group')).toHaveLength(3));
  });

  it('shows WeCom’s refusal in the dialog, in Chinese', async () => {
    serve(sample, {
      '/api/qw/tag/update': () => {
        throw new ApiRequestError(400, 400, '名称已存在：同一标签组内的标签、以及标签组之间不能重名');
      },
    });
    await render();
    const [group] = await screen.findAllByTestId('tag-group');
    fireEvent.click(within(group!).getAllByTestId('tag-chip')[1]!);
    fireEvent.click(await screen.findByText('重命名'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('rename-input'), { target: { value: '次要' } });
    fireEvent.click(within(dialog).getByTestId('rename-ok'));
    expect((await within(dialog).findByTestId('tag-form-error')).textContent).toContain('名称已存在');
    expect(calls('/api/qw/tag/update')).toEqual([{ id: 't2', name: '次要' }]);
  });

  it('deletes a tag after a confirmation saying how many customers carry it', async () => {
    serve(sample, { '/api/qw/tag/delete': () => null });
    await render();
    const [group] = await screen.findAllByTestId('tag-group');
    fireEvent.click(within(group!).getAllByTestId('tag-chip')[0]!);
    fireEvent.click(await screen.findByText('删除'));
    expect((await screen.findByTestId('delete-tag-content')).textContent).toContain('有 12 位客户带有该标签');
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(calls('/api/qw/tag/delete')).toEqual([{ tagIds: ['t1'] }]));
  });

  it('moves a group down by renumbering the orders', async () => {
    serve(sample, { '/api/qw/tag/update/group': () => null });
    await render();
    const [first] = await screen.findAllByTestId('tag-group');
    fireEvent.click(within(first!).getByRole('button', { name: '下移' }));
    await waitFor(() => expect(calls('/api/qw/tag/update/group')).toEqual([{ groupId: 'g2', order: 2 }, { groupId: 'g1', order: 1 }]));
    await act(settle);
  });

  it('syncs from WeCom and reads the list again', async () => {
    serve(sample, { '/api/qw/tag/sync': () => ({ state: 'done', groups: 2, tags: 3, syncedAt: 0 }) });
    await render();
    await screen.findAllByTestId('tag-group');
    fireEvent.click(screen.getByTestId('sync-tags'));
    await waitFor(() => expect(calls('/api/qw/tag/sync')).toHaveLength(1));
    await waitFor(() => expect(calls('/api/qw/tag/list').length).toBeGreaterThan(1));
  });

  const at = Date.UTC(2026, 10, 26, 2, 5);
  const withSync = (sync: NonNullable<CorpTagList['sync']>) => () => ({ ...sample(), sync });

  it('shows the tag sync\'s own last result', async () => {
    serve(withSync({ status: 'done', syncedAt: at, error: null, groups: 2, tags: 3 }));
    await render();
    expect((await screen.findByTestId('tag-sync-state')).textContent).toBe('上次同步：2026-11-26 10:05（2 个标签组，3 个标签）');
    expect(screen.getByTestId('sync-tags').hasAttribute('disabled')).toBe(false);
  });

  it('shows WeCom\'s refusal of the last tag sync, with the last success', async () => {
    serve(withSync({ status: 'failed', syncedAt: at, error: '企业微信系统繁忙，请稍后再试', groups: 2, tags: 3 }));
    await render();
    const failed = await screen.findByTestId('tag-sync-state');
    expect(failed.textContent).toContain('上次同步失败：企业微信系统繁忙，请稍后再试');
    expect(failed.textContent).toContain('上次成功同步：2026-11-26 10:05');
  });

  it('waits for a tag sync running elsewhere, reading the list again until it ends', async () => {
    let state: NonNullable<CorpTagList['sync']> = { status: 'running', syncedAt: at, error: null, groups: 2, tags: 3 };
    serve(() => ({ ...sample(), sync: state }));
    await render();
    expect((await screen.findByTestId('tag-sync-state')).textContent).toBe('正在从企业微信同步标签…');
    expect(screen.getByTestId('sync-tags').hasAttribute('disabled')).toBe(true);
    state = { status: 'done', syncedAt: at + 60_000, error: null, groups: 2, tags: 4 };
    await waitFor(() => expect(screen.getByTestId('tag-sync-state').textContent).toBe('上次同步：2026-11-26 10:06（2 个标签组，4 个标签）'), { timeout: 5_000 });
    expect(screen.getByTestId('sync-tags').hasAttribute('disabled')).toBe(false);
  });

  describe('a child without tag.manage', () => {
    it('reads the groups and tags with no 同步, 新建, add, rename, reorder or delete', async () => {
      store.set('auth', { tag: true, 'tag.manage': false });
      serve(sample);
      await render();
      const groups = await screen.findAllByTestId('tag-group');
      expect(within(groups[0]!).getAllByTestId('tag-name').map((t) => t.textContent)).toEqual(['重要', '普通']);
      expect(screen.getByTestId('tags-summary')).toBeTruthy();
      expect(screen.queryByTestId('sync-tags')).toBeNull();
      expect(screen.queryByTestId('new-group')).toBeNull();
      expect(screen.queryByTestId('add-tag')).toBeNull();
      for (const g of groups) expect(within(g).queryAllByRole('button')).toHaveLength(0);
      await act(async () => fireEvent.click(within(groups[0]!).getAllByTestId('tag-chip')[0]!));
      expect(screen.queryByText('重命名')).toBeNull();
    });

    it('gets an empty state without a button', async () => {
      store.set('auth', { tag: true, 'tag.manage': false });
      serve(() => ({ list: [] }));
      await render();
      const empty = await screen.findByTestId('tags-empty');
      expect(empty.textContent).toContain('暂无标签');
      expect(empty.textContent).not.toContain('点击新建');
      expect(within(empty).queryByRole('button')).toBeNull();
    });

    it('sees every control with tag.manage', async () => {
      store.set('auth', { tag: true, 'tag.manage': true });
      serve(sample);
      await render();
      await screen.findAllByTestId('tag-group');
      expect(screen.getByTestId('sync-tags')).toBeTruthy();
      expect(screen.getByTestId('new-group')).toBeTruthy();
      expect(screen.getAllByTestId('add-tag')).toHaveLength(2);
    });
  });
});
