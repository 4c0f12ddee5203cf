import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelCodeList, ChannelCodeListBody, CodeGroupList } from '@scrm/contracts/contact-way';
import { ApiRequestError, post, store } from '@scrm/web-kit';
import { code, member, renderPage, settle } from '../../test-helpers';
import ChannelQrcodeListPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const groups: CodeGroupList = { list: [{ id: 7, name: '线上投放', count: 1 }], ungrouped: 1 };

function serve(codes: (body: ChannelCodeListBody) => ChannelCodeList | Promise<ChannelCodeList>, extra: Record<string, unknown> = {}) {
  mockedPost.mockImplementation(async (url: string, body: unknown) => {
    if (url === '/api/qw/lxw/list') return codes(body as ChannelCodeListBody);
    if (url === '/api/qw/lxw/group/find') return groups;
    if (url in extra) return extra[url];
    throw new Error(`unexpected ${url}`);
  });
}

const listCalls = () => mockedPost.mock.calls.filter(([url]) => url === '/api/qw/lxw/list').map(([, body]) => body as ChannelCodeListBody);

afterEach(() => {
  mockedPost.mockReset();
  store.set('auth', {});
});

describe('/channel-qrcode/list', { timeout: 30_000 }, () => {
  it('asks to connect WeCom when no work space is chosen', async () => {
    await renderPage(<ChannelQrcodeListPage />, '/channel-qrcode/list', 0);
    expect(screen.getByTestId('no-work-space').textContent).toContain('请先连接企业微信');
    expect(screen.getByRole('button', { name: '连接企业微信' })).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('explains what a channel code is when there is none yet', async () => {
    serve(() => ({ list: [], total: 0 }));
    await renderPage(<ChannelQrcodeListPage />, '/channel-qrcode/list');
    const first = await screen.findByTestId('codes-first');
    expect(first.textContent).toContain('还没有渠道活码');
    expect(first.textContent).toContain('长期有效的企业微信二维码');
    expect(within(first).getByRole('button', { name: /新建渠道活码/ })).toBeTruthy();
  });

  it('shows each code with its members’ states, figures, status and group counts', async () => {
    const capped = member('wangwu', '王五', { offlineReasons: ['今日已达上限'] });
    const backup = member('zhaoliu', '赵六', { backup: true });
    serve(() => ({
      list: [
        code(1, '抖音投放', {
          groupId: 7,
          groupName: '线上投放',
          remark: '落地页底部',
          members: [capped, member('zhangsan', '张三', { receiving: true }), backup],
          addsToday: 4,
          addsTotal: 12,
          lostToday: 1,
        }),
        code(2, '门店前台', { members: [member('lisi', '李四', { receiving: true, offlineReasons: ['已手动下线'], switchOn: false })], noneAvailable: true, status: 'active', error: '企业微信接口繁忙' }),
      ],
      total: 2,
    }));
    await renderPage(<ChannelQrcodeListPage />, '/channel-qrcode/list');
    await screen.findAllByTestId('code-name');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    for (const text of ['抖音投放', '落地页底部', '线上投放', '按顺序分配', '1/3 位接待中', '使用中']) expect(first.textContent).toContain(text);
    expect(within(first).getByTestId('adds-today').textContent).toBe('4');
    expect(within(first).getByTestId('adds-total').textContent).toBe('12');
    expect(within(first).getByTestId('lost-today').textContent).toBe('1');
    expect(within(first).getAllByTestId('member-chip').map((c) => `${c.textContent}:${c.dataset.state}`)).toEqual(['王五:offline', '张三:receiving', '赵六备用:waiting']);
    expect(within(rows[1]!).getByTestId('none-available').textContent).toContain('无可接待成员');
    // Switched off but kept on WeCom's list, since a contact way cannot be empty.
    expect(within(rows[1]!).getByTestId('member-chip').dataset.state).toBe('kept');
    expect(within(rows[1]!).getByTestId('code-error')).toBeTruthy();
    expect(screen.getByTestId('group-all-count').textContent).toBe('2');
    expect(screen.getByTestId('group-none-count').textContent).toBe('1');
    expect(listCalls()[0]).toEqual({ page: 1, pageSize: 10 });
  });

  it('tells a search without results apart from an empty list, and clears it', async () => {
    serve((body) => (body.keyword ? { list: [], total: 0 } : { list: [code(1, '抖音投放')], total: 1 }));
    await renderPage(<ChannelQrcodeListPage />, '/channel-qrcode/list');
    await screen.findByText('抖音投放');
    const search = screen.getByPlaceholderText('搜索活码名称');
    fireEvent.change(search, { target: { value: '不存在' } });
    await act(async () => fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    const empty = await screen.findByTestId('codes-empty-filtered');
    expect(empty.textContent).toContain('没有符合条件的渠道活码');
    expect(screen.queryByTestId('codes-first')).toBeNull();
    expect(listCalls().at(-1)).toEqual({ page: 1, pageSize: 10, keyword: '不存在' });
    await act(async () => fireEvent.click(within(empty).getByRole('button', { name: '清除筛选' })));
    await screen.findByText('抖音投放');
    expect(listCalls().at(-1)).toEqual({ page: 1, pageSize: 10 });
  });

  it('filters by group from the panel', async () => {
    serve((body) => (body.groupId === 7 ? { list: [code(1, '抖音投放', { groupId: 7, groupName: '线上投放' })], total: 1 } : { list: [code(1, '抖音投放'), code(2, '门店')], total: 2 }));
    await renderPage(<ChannelQrcodeListPage />, '/channel-qrcode/list');
    await screen.findByText('门店');
    await act(async () => fireEvent.click(screen.getByText('线上投放', { selector: '[data-testid=group-item] *' })));
    await waitFor(() => expect(screen.queryByText('门店')).toBeNull());
    expect(listCalls().at(-1)).toEqual({ page: 1, pageSize: 10, groupId: 7 });
    expect(screen.getByTestId('where').textContent).toBe('/channel-qrcode/list?group=7');
  });

  it('shows a load failure with 重试', async () => {
    let fail = true;
    serve(() => {
      if (fail) throw new ApiRequestError(500, 500, '服务器开小差了');
      return { list: [code(1, '抖音投放')], total: 1 };
    });
    await renderPage(<ChannelQrcodeListPage />, '/channel-qrcode/list');
    const error = await screen.findByTestId('codes-error');
    expect(error.textContent).toContain('加载失败');
    expect(error.textContent).toContain('服务器开小差了');
    fail = false;
    await act(async () => fireEvent.click(within(error).getByRole('button', { name: '重试' })));
    await screen.findByText('抖音投放');
  });

  it('deletes a code after the confirm that says the QR stops working', async () => {
    let gone = false;
    serve(() => (gone ? { list: [], total: 0 } : { list: [code(5, '抖音投放')], total: 1 }), { '/api/qw/lxw/del': null });
    await renderPage(<ChannelQrcodeListPage />, '/channel-qrcode/list');
    await screen.findByText('抖音投放');
    await act(async () => fireEvent.click(screen.getByTestId('code-more')));
    await act(async () => fireEvent.click(await screen.findByText('删除')));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('删除渠道活码「抖音投放」？');
    expect(dialog.textContent).toContain('删除后二维码将立即失效，已添加的客户不受影响');
    expect(mockedPost.mock.calls.some(([url]) => url === '/api/qw/lxw/del')).toBe(false);
    gone = true;
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '删除' })));
    await settle(100);
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/lxw/del', { id: 5 }, { silent: true });
    await screen.findByTestId('codes-first');
  });

  it('moves the selected codes to a group in one go', async () => {
    serve(() => ({ list: [code(1, '抖音投放'), code(2, '门店')], total: 2 }), { '/api/qw/lxw/group/remove': null });
    await renderPage(<ChannelQrcodeListPage />, '/channel-qrcode/list');
    await screen.findByText('门店');
    const boxes = screen.getAllByRole('checkbox');
    await act(async () => fireEvent.click(boxes[0]!)); // select all
    expect(screen.getByTestId('batch-bar').textContent).toContain('已选择 2 个活码');
    await act(async () => fireEvent.click(screen.getByTestId('batch-move')));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('移动 2 个活码到分组');
    await act(async () => fireEvent.mouseDown(within(dialog).getByRole('combobox')));
    await act(async () => fireEvent.click(await screen.findByText('线上投放', { selector: '.ant-select-item-option-content' })));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '保存' })));
    await settle(100);
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/lxw/group/remove', { ids: [1, 2], groupId: 7 }, { silent: true });
  });

  describe('a child that may only read (channel-qrcode.manage false)', () => {
    const readOnly = () => store.set('auth', { 'channel-qrcode': true, 'channel-qrcode.manage': false });

    it('shows no 新建, 编辑, 删除, 移动分组, selection or group management; keeps search, filter, detail and download', async () => {
      readOnly();
      serve(() => ({ list: [code(1, '抖音投放', { groupId: 7, groupName: '线上投放' })], total: 1 }));
      await renderPage(<ChannelQrcodeListPage />, '/channel-qrcode/list');
      await screen.findByText('抖音投放', { selector: 'a' });
      expect(screen.queryByTestId('code-create')).toBeNull();
      expect(screen.queryByTestId('code-edit')).toBeNull();
      expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
      expect(screen.queryByTestId('group-add')).toBeNull();
      expect(screen.queryByTestId('group-more')).toBeNull();
      expect(screen.getByTestId('code-search')).toBeTruthy();
      expect(screen.getByTestId('code-member-filter')).toBeTruthy();
      expect(screen.getByRole('button', { name: '详情' })).toBeTruthy();
      await act(async () => fireEvent.click(screen.getByTestId('code-more')));
      expect(await screen.findByText('下载二维码')).toBeTruthy();
      expect(screen.queryByText('删除')).toBeNull();
      expect(screen.queryByText('移动分组')).toBeNull();
    });

    it('offers no 新建 on the first-use page', async () => {
      readOnly();
      serve(() => ({ list: [], total: 0 }));
      await renderPage(<ChannelQrcodeListPage />, '/channel-qrcode/list');
      const first = await screen.findByTestId('codes-first');
      expect(first.textContent).toContain('还没有渠道活码');
      expect(within(first).queryByRole('button')).toBeNull();
    });

    it('shows every change control again with channel-qrcode.manage', async () => {
      store.set('auth', { 'channel-qrcode': true, 'channel-qrcode.manage': true });
      serve(() => ({ list: [code(1, '抖音投放')], total: 1 }));
      await renderPage(<ChannelQrcodeListPage />, '/channel-qrcode/list');
      await screen.findByText('抖音投放', { selector: 'a' });
      expect(screen.getByTestId('code-create')).toBeTruthy();
      expect(screen.getByTestId('code-edit')).toBeTruthy();
      expect(screen.getByTestId('group-add')).toBeTruthy();
      expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(0);
    });
  });
});
