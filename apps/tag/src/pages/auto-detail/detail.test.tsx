import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import TagAutoDetailPage from './index';
import { rule } from '../auto-shared/fixtures';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

describe('/tag/auto/detail', { timeout: 30_000 }, () => {
  it('shows the rule, its run progress and the records with their source', async () => {
    mockedPost.mockImplementation(async (url: string) => {
      if (url === '/api/qw/tag/auto/detail') return rule();
      if (url === '/api/qw/tag/auto/records')
        return {
          total: 2,
          list: [
            { id: 2, externalUserid: 'wm1', customerName: '王小明', userid: 'zhangsan', memberName: '张三', tagNames: ['抖音'], source: 'backfill', status: 'done', error: null, at: 1_750_000_000_000 },
            { id: 1, externalUserid: 'wm2', customerName: '', userid: 'lisi', memberName: '李四', tagNames: ['抖音'], source: 'auto', status: 'failed', error: '客户不存在', at: 1_750_000_000_000 },
          ],
        };
      return null;
    });
    await renderWithProviders(<TagAutoDetailPage />, { path: '/tag/auto/detail?id=7', workId: 3 });
    expect((await screen.findByTestId('rule-condition')).textContent).toBe('按来源活码：抖音投放');
    expect(screen.getByTestId('rule-tagged').textContent).toBe('12 个客户');
    expect(screen.getByTestId('run-counts').textContent).toBe('符合条件 200 个，已处理 50 个，失败 0 个');
    expect((screen.getByTestId('rule-rerun') as HTMLButtonElement).disabled).toBe(true);
    const customers = await screen.findAllByTestId('record-customer');
    expect(customers.map((c) => c.textContent)).toEqual(['王小明', 'wm2']);
    const table = screen.getByTestId('record-table');
    expect(table.textContent).toContain('补打');
    expect(table.textContent).toContain('自动');
    expect(table.textContent).toContain('失败');
  });

  it('says so when the rule does not exist', async () => {
    mockedPost.mockRejectedValue(new ApiRequestError(404, 404, '自动标签规则不存在'));
    await renderWithProviders(<TagAutoDetailPage />, { path: '/tag/auto/detail?id=99', workId: 3 });
    expect((await screen.findByTestId('rule-missing')).textContent).toContain('自动标签规则不存在或已删除');
  });
});
