import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WelcomeMessage } from '@scrm/contracts/contact-way';
import type { Material } from '@scrm/contracts/material';
import { post } from '@scrm/web-kit';
import { renderWithProviders, settle } from './test-helpers';
import { WelcomeEditor, insertAt, welcomeProblem } from './welcome-editor';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const material = (id: number, type: Material['type'], title: string, content = ''): Material => ({
  id,
  type,
  title,
  groupId: null,
  groupName: '',
  content,
  url: type === 'link' ? 'https://example.com' : '',
  appid: '',
  page: '',
  file: null,
  cover: null,
  createdAt: 1,
  updatedAt: 1,
});
const greeting = material(5, 'text', '问候语', '欢迎了解我们的新品');
const brochure = material(7, 'link', '产品手册', '2024 新品介绍');
const poster = material(8, 'image', '活动海报');

// The picker is another component's business: here it hands back a fixed choice.
vi.mock('./material-picker', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./material-picker')>()),
  MaterialPicker: (p: { types?: string[]; multiple?: boolean; max: number; onOk: (ids: number[], m: Material[]) => void }) => (
    <div data-testid="picker" data-types={p.types?.join(',')} data-multiple={String(p.multiple)} data-max={p.max}>
      <button onClick={() => (p.types?.includes('text') ? p.onOk([5], [greeting]) : p.onOk([7, 8], [brochure, poster]))}>选好了</button>
    </div>
  ),
}));
vi.mock('./material-attachments', () => ({
  MaterialAttachments: (p: { ids: number[] }) => <div data-testid="attachments">{p.ids.join(',')}</div>,
}));

function Host({ initial, onChange }: { initial: WelcomeMessage; onChange: (v: WelcomeMessage) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <WelcomeEditor
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

const textarea = () => screen.getByTestId('welcome-text') as HTMLTextAreaElement;

afterEach(() => mockedPost.mockReset());

describe('welcome message helpers', () => {
  it('inserts at the cursor or over the selection', () => {
    expect(insertAt('你好，', 3, 3, '#客户昵称#')).toEqual({ text: '你好，#客户昵称#', caret: 9 });
    expect(insertAt('你好XX！', 2, 4, '#客户昵称#')).toEqual({ text: '你好#客户昵称#！', caret: 8 });
    expect(insertAt('abc', 99, 99, 'Z')).toEqual({ text: 'abcZ', caret: 4 });
  });

  it('counts the text in UTF-8 bytes against 4000, and characters against the schema', () => {
    expect(welcomeProblem({ text: '', materialIds: [] })).toBeNull();
    expect(welcomeProblem({ text: '好'.repeat(1333), materialIds: [] })).toBeNull(); // 3999 bytes
    expect(welcomeProblem({ text: '好'.repeat(1334), materialIds: [] })).toBe('欢迎语不能超过 4000 字节（一个汉字约占 3 字节）');
    expect(welcomeProblem({ text: 'a'.repeat(1501), materialIds: [] })).toBe('欢迎语不能超过 1500 个字');
    expect(welcomeProblem({ text: 'hi', materialIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] })).toBe('附件最多 9 个');
  });
});

describe('WelcomeEditor', { timeout: 30_000 }, () => {
  it('shows the byte counter and turns red past 4000 bytes', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<Host initial={{ text: '你好 hi', materialIds: [] }} onChange={onChange} />);
    expect(screen.getByTestId('welcome-bytes').textContent).toBe('9/4000 字节');
    expect(document.body.textContent).toContain('客户添加成员后 20 秒内自动发送，超时将无法发送');
    fireEvent.change(textarea(), { target: { value: '好'.repeat(1334) } });
    expect(screen.getByTestId('welcome-bytes').textContent).toBe('4002/4000 字节');
    expect(screen.getByTestId('welcome-problem').textContent).toContain('4000 字节');
  });

  it('inserts the placeholders at the cursor and previews them as samples', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<Host initial={{ text: '你好，我是', materialIds: [] }} onChange={onChange} />);
    // Never focused: at the end.
    fireEvent.click(screen.getByRole('button', { name: /插入成员姓名/ }));
    expect(onChange).toHaveBeenLastCalledWith({ text: '你好，我是#成员姓名#', materialIds: [] });
    expect(textarea().selectionStart).toBe('你好，我是#成员姓名#'.length);
    // After 「你好」.
    textarea().setSelectionRange(2, 2);
    fireEvent.click(screen.getByRole('button', { name: /插入客户昵称/ }));
    expect(onChange).toHaveBeenLastCalledWith({ text: '你好#客户昵称#，我是#成员姓名#', materialIds: [] });
    expect(textarea().selectionStart).toBe(8);
    const preview = screen.getByTestId('welcome-preview-text');
    expect(preview.textContent).toBe('你好客户昵称，我是成员姓名');
    expect(screen.getAllByTestId('welcome-sample').map((s) => s.textContent)).toEqual(['客户昵称', '成员姓名']);
  });

  it('inserts a text material at the cursor and adds attachments shown in the preview', async () => {
    mockedPost.mockResolvedValue({ list: [brochure, poster], total: 2 });
    const onChange = vi.fn();
    await renderWithProviders(<Host initial={{ text: '你好！', materialIds: [] }} onChange={onChange} />);
    textarea().focus();
    textarea().setSelectionRange(2, 2);
    fireEvent.click(screen.getByRole('button', { name: /插入文本素材/ }));
    const picker = screen.getByTestId('picker');
    expect([picker.dataset.types, picker.dataset.multiple]).toEqual(['text', 'false']);
    fireEvent.click(screen.getByRole('button', { name: '选好了' }));
    expect(onChange).toHaveBeenLastCalledWith({ text: '你好欢迎了解我们的新品！', materialIds: [] });
    expect(screen.queryByTestId('picker')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /添加附件/ }));
    expect(screen.getByTestId('picker').dataset.max).toBe('9');
    expect(screen.getByTestId('picker').dataset.types).toBe('image,link,miniprogram,video,file');
    fireEvent.click(screen.getByRole('button', { name: '选好了' }));
    expect(onChange).toHaveBeenLastCalledWith({ text: '你好欢迎了解我们的新品！', materialIds: [7, 8] });
    expect(screen.getByTestId('attachments').textContent).toBe('7,8');
    await settle();
    const bubbles = screen.getAllByTestId('welcome-preview-attachment');
    expect(bubbles).toHaveLength(2);
    expect(bubbles[0]!.textContent).toContain('产品手册');
    expect(mockedPost).toHaveBeenCalledWith('/api/material/list', { ids: [7, 8] });
  });

  it('previews a saved message whose attachment was deleted from the library', async () => {
    mockedPost.mockResolvedValue({ list: [brochure], total: 1 });
    await renderWithProviders(<Host initial={{ text: '', materialIds: [7, 99] }} onChange={vi.fn()} />);
    await settle();
    const bubbles = screen.getAllByTestId('welcome-preview-attachment').map((b) => b.textContent);
    expect(bubbles[0]).toContain('产品手册');
    expect(bubbles[1]).toBe('素材已删除');
  });
});
