import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import TagAutoEditPage from './index';
import { rule } from '../auto-shared/fixtures';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);
const wait = (ms = 50) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

function answer(url: string, body: any) {
  if (url === '/api/qw/tag/list') return { list: [{ groupId: 'g1', groupName: '来源', order: 1, createTime: 0, tags: [{ id: 't1', name: '抖音', order: 1, createTime: 0 }] }] };
  if (url === '/api/qw/tag/auto/options') return { codes: [{ id: 3, name: '抖音投放', kind: 'channel' }], groups: [{ chatId: 'wr1', name: '福利群', memberCount: 12 }] };
  if (url === '/api/qw/tag/auto/detail') return rule();
  if (url === '/api/qw/tag/auto/add' || url === '/api/qw/tag/auto/update') return rule({ id: 9, ...body });
  return null;
}

async function renderAt(path: string) {
  store.set('workId', 3);
  await renderWithProviders(
    <Routes>
      <Route path="/tag/auto/edit" element={<TagAutoEditPage />} />
      <Route path="/tag/auto/detail" element={<div>规则详情页</div>} />
    </Routes>,
    { path },
  );
}

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

describe('/tag/auto/edit', { timeout: 30_000 }, () => {
  it('asks for a name, codes and tags before anything is sent', async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => answer(url, body));
    await renderAt('/tag/auto/edit');
    await act(async () => fireEvent.click(screen.getByTestId('rule-submit')));
    await wait(200);
    expect(await screen.findByText('请填写规则名称')).toBeTruthy();
    expect(screen.getByText('请选择至少一个活码')).toBeTruthy();
    expect(screen.getByText('请选择要打的标签')).toBeTruthy();
    expect(mockedPost.mock.calls.some(([url]) => url === '/api/qw/tag/auto/add')).toBe(false);
  });

  it('edits a rule: its condition and tags are filled in, and saving sends them', async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => answer(url, body));
    await renderAt('/tag/auto/edit?id=7');
    const name = (await screen.findByTestId('rule-name-input')) as HTMLInputElement;
    expect(name.value).toBe('抖音渠道客户');
    await act(async () => fireEvent.change(name, { target: { value: '抖音客户' } }));
    await act(async () => fireEvent.click(screen.getByTestId('rule-submit')));
    await wait(200);
    expect(mockedPost).toHaveBeenCalledWith(
      '/api/qw/tag/auto/update',
      { id: 7, name: '抖音客户', tagIds: ['t1'], condition: { kind: 'source', codeIds: [3] }, backfill: true },
      { silent: true },
    );
    expect(await screen.findByText('规则详情页')).toBeTruthy();
  });

  it('switches the condition kind: the time kind edits a weekly schedule', async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => answer(url, body));
    await renderAt('/tag/auto/edit');
    await act(async () => fireEvent.click(screen.getByText('按添加时间')));
    expect(await screen.findAllByTestId('schedule-rule')).toHaveLength(1);
    expect(screen.queryByTestId('codes-select')).toBeNull();
    // the editor speaks of add time, not of online time (its default wording)
    const editor = screen.getByTestId('schedule-editor');
    expect(screen.getByTestId('schedule-summary').textContent).toBe('添加时间：周一至周五 09:00-18:00');
    expect(editor.textContent).not.toContain('在线');
    await act(async () => fireEvent.click(screen.getByTestId('schedule-remove-0')));
    expect(screen.getByTestId('schedule-empty').textContent).toBe('还没有时间段');
    expect(screen.getByTestId('schedule-add').textContent).toBe('添加时间段');
    await act(async () => fireEvent.click(screen.getByTestId('rule-submit')));
    expect(await screen.findByText('请添加至少一个时间段')).toBeTruthy();
    expect(screen.getByTestId('rule-form').textContent).not.toContain('在线');
    await act(async () => fireEvent.click(screen.getByText('按关键词')));
    expect(await screen.findByTestId('keywords')).toBeTruthy();
  });
});
