import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MaterialListBody } from '@scrm/contracts/material';
import { ApiRequestError, post, store } from '@scrm/web-kit';
import MaterialListPage from './index';
import { file, material } from './fixtures';
import { renderWithProviders } from '@scrm/web-parts/test';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const library = [
  material(6, 'text', '开场白', { content: '您好，欢迎咨询我们的产品！', groupId: 9, groupName: '常用话术' }),
  material(5, 'image', '活动海报', { file: file(50, '海报.png', 'image/png') }),
  material(4, 'link', '官网介绍', { url: 'https://example.com', content: '了解我们的服务', cover: file(51, 'c.png', 'image/png') }),
  material(3, 'miniprogram', '商城首页', { appid: 'wx1234567890abcdef', page: 'pages/index.html', cover: file(52, 'm.png', 'image/png') }),
  material(2, 'video', '产品演示', { file: file(53, '演示.mp4', 'video/mp4') }),
  material(1, 'file', '价目表', { file: file(54, '价目表.pdf', 'application/pdf') }),
];
const groups = { list: [{ id: 9, name: '常用话术', count: 1 }], ungrouped: 5 };

function answer(url: string, body: MaterialListBody, list = library) {
  if (url === '/api/material/group/list') return groups;
  if (url === '/api/material/list') {
    let l = list;
    if (body.type) l = l.filter((m) => m.type === body.type);
    if (body.keyword) l = l.filter((m) => m.title.includes(body.keyword!) || m.content.includes(body.keyword!));
    return { list: l, total: l.length };
  }
  return null;
}

async function renderPage() {
  // As the suite was written: antd's own defaults and the app's retries.
  await renderWithProviders(<MaterialListPage />, { path: '/material/list', retry: true, antdZh: false });
}

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
  store.set('auth', {});
});

describe('/material/list', () => {
  it('asks to connect a corp when no work space is chosen', async () => {
    await renderPage();
    expect(screen.getByTestId('no-work-space').textContent).toContain('请先连接企业微信');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/qw/list?method=create');
    expect(mockedPost).not.toHaveBeenCalled();
  }, 20_000);

  it('shows an empty library with a way to create the first material', async () => {
    store.set('workId', 7);
    mockedPost.mockImplementation(async (url, body) => answer(url, body as MaterialListBody, []));
    await renderPage();
    const empty = await screen.findByTestId('material-empty');
    expect(empty.textContent).toContain('还没有素材');
    expect(empty.querySelector('[data-testid="material-create"]')).not.toBeNull();
    expect(screen.queryByTestId('material-pagination')).toBeNull();
  }, 20_000);

  it('lists materials of every type with their previews, groups and counts', async () => {
    store.set('workId', 7);
    mockedPost.mockImplementation(async (url, body) => answer(url, body as MaterialListBody));
    await renderPage();
    const grid = await screen.findByTestId('material-grid');
    expect(mockedPost).toHaveBeenCalledWith('/api/material/list', { page: 1, pageSize: 12 });
    const cards = screen.getAllByTestId('material-card');
    expect(cards.map((c) => c.getAttribute('data-type'))).toEqual(['text', 'image', 'link', 'miniprogram', 'video', 'file']);
    for (const text of ['您好，欢迎咨询我们的产品！', '常用话术', '了解我们的服务', '演示.mp4', '3.0MB', '价目表.pdf', '小程序']) expect(grid.textContent).toContain(text);
    expect(grid.querySelector('img[src="http://x/api/material/file/50/t"]')).not.toBeNull();
    const sidebar = screen.getByTestId('material-groups');
    expect(screen.getByTestId('group-all').textContent).toContain('6');
    expect(screen.getByTestId('group-none').textContent).toContain('5');
    expect(sidebar.textContent).toContain('常用话术');
    expect(document.body.textContent).toContain('共 6 个素材');
  }, 20_000);

  it('filters by type, group and keyword on the server', async () => {
    store.set('workId', 7);
    mockedPost.mockImplementation(async (url, body) => answer(url, body as MaterialListBody));
    await renderPage();
    await screen.findByTestId('material-grid');
    fireEvent.click(screen.getByRole('tab', { name: '图片' }));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/material/list', { page: 1, pageSize: 12, type: 'image' }));
    fireEvent.click(screen.getByTestId('group-none'));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/material/list', { page: 1, pageSize: 12, type: 'image', groupId: 0 }));
    const search = screen.getByTestId('material-search').querySelector('input')!;
    fireEvent.change(search, { target: { value: '不存在' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/material/list', { page: 1, pageSize: 12, type: 'image', groupId: 0, keyword: '不存在' }));
    expect((await screen.findByTestId('material-empty')).textContent).toContain('没有符合条件的素材');
  }, 20_000);

  it('shows a load failure with a retry', async () => {
    store.set('workId', 7);
    let fail = true;
    mockedPost.mockImplementation(async (url, body) => {
      if (url === '/api/material/list' && fail) throw new ApiRequestError(403, 403, '暂无权限');
      return answer(url, body as MaterialListBody);
    });
    await renderPage();
    const error = await screen.findByTestId('material-error');
    expect(error.textContent).toContain('素材加载失败');
    expect(error.textContent).toContain('暂无权限');
    fail = false;
    fireEvent.click(error.querySelector('button')!);
    expect(await screen.findByTestId('material-grid')).toBeTruthy();
  }, 20_000);

  it('selects materials for a batch action', async () => {
    store.set('workId', 7);
    mockedPost.mockImplementation(async (url, body) => answer(url, body as MaterialListBody));
    await renderPage();
    await screen.findByTestId('material-grid');
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(screen.getByTestId('material-selected').textContent).toBe('已选 6 项');
    fireEvent.click(screen.getAllByTestId('material-card')[0]!.querySelector('input[type="checkbox"]')!);
    expect(screen.getByTestId('material-selected').textContent).toBe('已选 5 项');
    fireEvent.click(screen.getByTestId('material-batch-delete'));
    expect(await screen.findByText('确定删除选中的 5 个素材吗？')).toBeTruthy();
  }, 20_000);

  it('creates a text material from the form', async () => {
    store.set('workId', 7);
    mockedPost.mockImplementation(async (url, body) => {
      if (url === '/api/material/add') return { ...material(7, 'text', '新话术'), ...(body as object) };
      return answer(url, body as MaterialListBody);
    });
    await renderPage();
    await screen.findByTestId('material-grid');
    fireEvent.click(screen.getByRole('tab', { name: '文本' }));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/material/list', { page: 1, pageSize: 12, type: 'text' }));
    fireEvent.click(screen.getByTestId('material-create'));
    fireEvent.click(await screen.findByText('文本', { selector: '.ant-dropdown-menu-title-content' }));
    const form = await screen.findByTestId('material-form');
    // Nothing filled: the form names what is missing.
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(form.textContent).toContain('请输入文本内容'));
    expect(form.textContent).toContain('请输入标题');
    fireEvent.change(screen.getByTestId('material-title'), { target: { value: '新话术' } });
    fireEvent.change(screen.getByTestId('material-content'), { target: { value: '欢迎光临' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(mockedPost).toHaveBeenCalledWith('/api/material/add', { type: 'text', title: '新话术', groupId: null, content: '欢迎光临' }),
    );
  }, 20_000);
});

describe('checks before an upload', () => {
  it('refuses what the server would refuse, in Chinese', async () => {
    const { fileProblem } = await import('./file-field');
    expect(fileProblem('image', { name: 'a.gif', type: 'image/gif', size: 10 }, '图片')).toBe('图片格式不支持，请上传 JPG、PNG');
    expect(fileProblem('image', { name: 'a.png', type: 'image/png', size: 11 * 1024 * 1024 }, '图片')).toBe('图片不能超过 10MB');
    expect(fileProblem('video', { name: 'a.mov', type: 'video/quicktime', size: 10 }, '视频')).toBe('视频格式不支持，请上传 MP4');
    expect(fileProblem('file', { name: 'a.zip', type: 'application/zip', size: 21 * 1024 * 1024 }, '文件')).toBe('文件不能超过 20MB');
    expect(fileProblem('file', { name: 'a.zip', type: '', size: 0 }, '文件')).toBe('文件内容为空，请重新选择');
    expect(fileProblem('image', { name: 'A.JPG', type: 'image/jpeg', size: 1000 }, '图片')).toBeNull();
  });

  it('shows a child without material.manage the library read-only: no create, edit, delete, selection or group changes', async () => {
    store.set('workId', 7);
    store.set('auth', { material: true, 'material.manage': false });
    mockedPost.mockImplementation(async (url, body) => answer(url, body as MaterialListBody));
    await renderPage();
    await screen.findByTestId('material-grid');
    expect(screen.getAllByTestId('material-card')).toHaveLength(6);
    for (const id of ['material-create', 'material-edit', 'material-delete', 'material-select-page', 'group-add', 'group-more']) expect(screen.queryAllByTestId(id)).toHaveLength(0);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByTestId('material-search')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: '下载' }).length).toBeGreaterThan(0);
  }, 20_000);

  it('gives a read-only child an empty library without the create button', async () => {
    store.set('workId', 7);
    store.set('auth', { material: true, 'material.manage': false });
    mockedPost.mockImplementation(async (url, body) => answer(url, body as MaterialListBody, []));
    await renderPage();
    const empty = await screen.findByTestId('material-empty');
    expect(empty.textContent).toContain('还没有素材');
    expect(empty.querySelector('[data-testid="material-create"]')).toBeNull();
  }, 20_000);

  it('offers every change with material.manage', async () => {
    store.set('workId', 7);
    store.set('auth', { material: true, 'material.manage': true });
    mockedPost.mockImplementation(async (url, body) => answer(url, body as MaterialListBody));
    await renderPage();
    await screen.findByTestId('material-grid');
    expect(screen.getByTestId('material-create')).toBeTruthy();
    expect(screen.getAllByTestId('material-edit')).toHaveLength(6);
    expect(screen.getAllByTestId('material-delete')).toHaveLength(6);
    expect(screen.getByTestId('group-add')).toBeTruthy();
  }, 20_000);
});
