import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffCode } from '@scrm/contracts/staff-code';
import { post, store } from '@scrm/web-kit';
import StaffQrcodeListPage from './index';
import { renderWithProviders } from '@scrm/web-parts/test';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const code = (over: Partial<StaffCode>): StaffCode => ({
  id: 1,
  name: '张三的活码',
  userid: 'zhangsan',
  memberName: '张三',
  avatar: '',
  state: 'st_abc',
  qrCode: 'http://wecom.test/wwpic/1.png',
  status: 'active',
  error: null,
  tagIds: ['t1'],
  tagNames: ['意向客户'],
  welcome: { text: '你好', materialIds: [] },
  skipVerify: true,
  addsToday: 3,
  addsTotal: 12,
  createdAt: 1_750_000_000_000,
  updatedAt: 1_750_000_000_000,
  ...over,
});

async function renderPage(path = '/staff-qrcode/list') {
  await renderWithProviders(<StaffQrcodeListPage />, { path });
}

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

// antd's first render in jsdom is slow when the web suite runs in parallel.
describe('/staff-qrcode/list', { timeout: 30_000 }, () => {
  it('asks to connect a corp when no work space is chosen', async () => {
    await renderPage();
    expect(screen.getByTestId('no-work-space').textContent).toContain('请先连接企业微信');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/qw/list?method=create');
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('explains staff codes when there are none yet', async () => {
    store.set('workId', 7);
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderPage();
    expect((await screen.findByTestId('codes-empty')).textContent).toContain('还没有员工活码');
    expect(screen.getAllByText('新建员工活码').length).toBeGreaterThan(0);
  });

  it('shows why the list did not load, with a retry', async () => {
    store.set('workId', 7);
    mockedPost.mockRejectedValue(new Error('服务暂不可用'));
    await renderPage();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByText('服务暂不可用')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('lists codes with member, tags, welcome, figures and status, filtered from the URL', async () => {
    store.set('workId', 7);
    mockedPost.mockResolvedValue({
      list: [
        code({}),
        code({ id: 2, name: '李四的活码', userid: 'lisi', memberName: '李四', status: 'creating', qrCode: '', welcome: { text: '', materialIds: [] }, tagNames: [], addsToday: 0, addsTotal: 0 }),
        code({ id: 3, name: '王五的活码', userid: 'wangwu', memberName: '王五', status: 'failed', qrCode: '', error: '成员没有客户联系权限' }),
      ],
      total: 3,
    });
    await renderPage('/staff-qrcode/list?keyword=活码&userid=zhangsan');
    const table = await screen.findByTestId('code-table');
    await within(table).findByText('张三的活码');
    const rows = table.querySelectorAll('tbody tr.ant-table-row');
    expect(rows).toHaveLength(3);
    for (const text of ['张三的活码', '张三', '意向客户', '已设置', '3', '12', '使用中']) expect(rows[0]!.textContent).toContain(text);
    for (const text of ['李四', '未设置', '生成中']) expect(rows[1]!.textContent).toContain(text);
    expect(rows[2]!.textContent).toContain('生成失败');
    expect(rows[2]!.textContent).toContain('重新生成');
    expect(within(rows[1] as HTMLElement).getByTestId('code-delete').hasAttribute('disabled')).toBe(true);
    expect(document.body.textContent).toContain('共 3 个活码');
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/staff/code/list', { page: 1, pageSize: 10, keyword: '活码', userid: 'zhangsan' });
  });

  it('deletes the selected codes after a confirm', async () => {
    store.set('workId', 7);
    mockedPost.mockImplementation(async (url: string) => (url === '/api/qw/staff/code/list' ? { list: [code({}), code({ id: 2, name: '李四的活码' })], total: 2 } : null));
    await renderPage();
    const table = await screen.findByTestId('code-table');
    await within(table).findByText('李四的活码');
    await act(async () => fireEvent.click(table.querySelector('thead input[type="checkbox"]')!));
    expect(document.body.textContent).toContain('已选择 2 个活码');
    await act(async () => fireEvent.click(screen.getByTestId('batch-delete')));
    expect((await screen.findAllByText('确定删除选中的 2 个员工活码吗？')).length).toBeGreaterThan(0);
    const buttons = document.querySelector<HTMLElement>('.ant-modal-confirm-btns')!;
    await act(async () => fireEvent.click(within(buttons).getByRole('button', { name: '删除' })));
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/staff/code/del', { ids: [1, 2] }, { silent: true });
  });
});
