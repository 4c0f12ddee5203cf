import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import TagAutoListPage from './index';
import { rule } from '../auto-shared/fixtures';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

describe('/tag/auto/list', { timeout: 30_000 }, () => {
  it('asks to connect a corp when no work space is chosen', async () => {
    await renderWithProviders(<TagAutoListPage />, { path: '/tag/auto/list' });
    expect(screen.getByTestId('no-work-space')).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalled();
  });

  it('explains rules when there are none yet', async () => {
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderWithProviders(<TagAutoListPage />, { path: '/tag/auto/list', workId: 3 });
    const empty = await screen.findByTestId('rules-empty');
    expect(empty.textContent).toContain('还没有自动标签规则');
    expect(within(empty).getByRole('button').textContent).toContain('新建规则');
  });

  it('shows each rule with its condition, tags, count and run progress, and switches it off', async () => {
    mockedPost.mockImplementation(async (url: string, body: any) => {
      if (url === '/api/qw/tag/auto/list')
        return {
          list: [
            rule(),
            rule({ id: 8, name: '停用的', enabled: false, run: { ...rule().run, status: 'done', done: 200 } }),
            rule({ id: 9, name: '无人符合', run: { ...rule().run, status: 'done', matched: 0, done: 0 } }),
          ],
          total: 3,
        };
      if (url === '/api/qw/tag/auto/enable') return rule({ enabled: body.enabled });
      return null;
    });
    await renderWithProviders(<TagAutoListPage />, { path: '/tag/auto/list', workId: 3 });
    const names = await screen.findAllByTestId('rule-name');
    expect(names.map((n) => n.textContent)).toEqual(['抖音渠道客户', '停用的', '无人符合']);
    expect(screen.getAllByTestId('rule-condition')[0]!.textContent).toBe('按来源活码：抖音投放');
    expect(screen.getAllByTestId('rule-tagged')[0]!.textContent).toContain('12 个客户');
    const progress = screen.getAllByTestId('run-progress');
    expect(progress[0]!.textContent).toContain('补打中');
    expect(progress[0]!.textContent).toContain('50 / 200');
    expect(progress[1]!.textContent).toContain('补打完成');
    expect(progress[2]!.textContent).toContain('无符合条件的客户');
    // the state in full words beside the switch (not cut inside it)
    expect(screen.getAllByTestId('rule-enabled-text').map((t) => t.textContent)).toEqual(['启用', '停用', '启用']);
    expect(screen.getAllByTestId('rule-enabled')[0]!.getAttribute('aria-label')).toBe('启用');
    await act(async () => fireEvent.click(screen.getAllByTestId('rule-enabled')[0]!));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/tag/auto/enable', { id: 7, enabled: false }, { silent: true });
  });

  it('says when no rule matches the filters, and clears them', async () => {
    mockedPost.mockResolvedValue({ list: [], total: 0 });
    await renderWithProviders(<TagAutoListPage />, { path: '/tag/auto/list?keyword=无此规则', workId: 3 });
    expect(await screen.findByText('没有符合条件的规则')).toBeTruthy();
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/tag/auto/list', { page: 1, pageSize: 10, keyword: '无此规则' });
  });
});
