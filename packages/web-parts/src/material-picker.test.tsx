import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Material, MaterialListBody, MaterialType } from '@scrm/contracts/material';
import { post } from '@scrm/web-kit';
import { MaterialAttachments } from './material-attachments';
import { MaterialPicker } from './material-picker';
import { renderWithProviders, settle } from './test-helpers';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const material = (id: number, type: MaterialType, title: string): Material => ({
  id,
  type,
  title,
  groupId: null,
  groupName: '',
  content: type === 'text' ? `${title}的内容` : '',
  url: type === 'link' ? 'https://example.com' : '',
  appid: '',
  page: '',
  file: type === 'image' || type === 'file' ? { fileId: id, name: `${title}.png`, size: 2048, mime: 'image/png', url: `http://x/api/material/file/${id}/t` } : null,
  cover: null,
  createdAt: id,
  updatedAt: id,
});
const library = [material(1, 'image', '海报'), material(2, 'link', '官网'), material(3, 'file', '价目表'), material(4, 'image', '二维码'), material(5, 'text', '问候')];

function answer(url: string, body: MaterialListBody) {
  if (url === '/api/material/group/list') return { list: [{ id: 9, name: '活动', count: 1 }], ungrouped: 4 };
  let list = library;
  if (body.ids) list = list.filter((m) => body.ids!.includes(m.id));
  if (body.types) list = list.filter((m) => body.types!.includes(m.type));
  if (body.type) list = list.filter((m) => m.type === body.type);
  return { list, total: list.length };
}

afterEach(() => mockedPost.mockReset());

describe('MaterialPicker', () => {
  it('offers every type but text, keeps the chosen checked and stops at max', async () => {
    mockedPost.mockImplementation(async (url, body) => answer(url, body as MaterialListBody));
    const onOk = vi.fn();
    await renderWithProviders(<MaterialPicker open value={[3]} max={2} onOk={onOk} onCancel={() => undefined} />);
    const items = await screen.findAllByTestId('material-picker-item');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('海报'), expect.stringContaining('官网'), expect.stringContaining('价目表'), expect.stringContaining('二维码')]);
    expect(mockedPost).toHaveBeenCalledWith('/api/material/list', { page: 1, pageSize: 12, types: ['image', 'link', 'miniprogram', 'video', 'file'] });
    expect(items[2]!.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('material-picker-count').textContent).toBe('已选 1/2');

    fireEvent.click(items[1]!);
    expect(screen.getByTestId('material-picker-count').textContent).toBe('已选 2/2');
    // Full: the others cannot be checked.
    expect(items[0]!.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(items[0]!);
    expect(items[0]!.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('material-picker-count').textContent).toBe('已选 2/2');

    // Unchecking frees a place.
    fireEvent.click(items[2]!);
    fireEvent.click(items[0]!);
    fireEvent.click(screen.getByTestId('material-picker-ok'));
    expect(onOk).toHaveBeenCalledWith([2, 1], [library[1], library[0]]);
  }, 20_000);

  it('replaces the choice when only one may be chosen', async () => {
    mockedPost.mockImplementation(async (url, body) => answer(url, body as MaterialListBody));
    const onOk = vi.fn();
    await renderWithProviders(<MaterialPicker open value={[]} max={1} types={['text']} multiple={false} onOk={onOk} onCancel={() => undefined} />);
    const items = await screen.findAllByTestId('material-picker-item');
    expect(items).toHaveLength(1);
    expect(mockedPost).toHaveBeenCalledWith('/api/material/list', { page: 1, pageSize: 12, type: 'text' });
    expect(screen.getByTestId('material-picker-ok')).toHaveProperty('disabled', true);
    fireEvent.click(items[0]!);
    fireEvent.click(screen.getByTestId('material-picker-ok'));
    expect(onOk).toHaveBeenCalledWith([5], [library[4]]);
  }, 20_000);

  it('points to the library when there is nothing to choose', async () => {
    mockedPost.mockImplementation(async (url) => (url === '/api/material/group/list' ? { list: [], ungrouped: 0 } : { list: [], total: 0 }));
    await renderWithProviders(<MaterialPicker open value={[]} max={9} types={['video']} onOk={() => undefined} onCancel={() => undefined} />);
    const empty = await screen.findByTestId('material-picker-empty');
    expect(empty.textContent).toContain('素材库中还没有视频素材');
    const link = screen.getByText('去素材库添加').closest('a')!;
    expect(link.getAttribute('href')).toBe('#/material/list');
    expect(link.getAttribute('target')).toBe('_blank');
  }, 20_000);
});

describe('MaterialAttachments', () => {
  it('shows the chosen in order, marks a deleted one, and moves and removes', async () => {
    mockedPost.mockImplementation(async (url, body) => answer(url, body as MaterialListBody));
    const onChange = vi.fn();
    await renderWithProviders(<MaterialAttachments ids={[3, 99, 1]} onChange={onChange} />);
    await waitFor(() => expect(screen.getAllByTestId('material-attachment')[0]!.textContent).toContain('价目表'));
    const rows = screen.getAllByTestId('material-attachment');
    expect(rows.map((r) => r.textContent)).toEqual(['文件价目表', '素材已删除', '图片海报']);
    expect(mockedPost).toHaveBeenCalledWith('/api/material/list', { ids: [1, 3, 99] });

    fireEvent.click(rows[2]!.querySelector('[aria-label="上移"]')!);
    expect(onChange).toHaveBeenLastCalledWith([3, 1, 99]);
    fireEvent.click(rows[1]!.querySelector('[aria-label="移除"]')!);
    expect(onChange).toHaveBeenLastCalledWith([3, 1]);
    expect((rows[0]!.querySelector('[aria-label="上移"]') as HTMLButtonElement).disabled).toBe(true);
  }, 20_000);

  it('is read-only without onChange', async () => {
    mockedPost.mockImplementation(async (url, body) => answer(url, body as MaterialListBody));
    await renderWithProviders(<MaterialAttachments ids={[1]} />);
    await settle();
    expect(screen.getByTestId('material-attachment').querySelector('button')).toBeNull();
  }, 20_000);
});
