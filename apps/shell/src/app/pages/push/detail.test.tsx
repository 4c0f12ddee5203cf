import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import { ContentPreview } from './content-preview';
import { PushDetailPage } from './detail';
import { detail, member, tagList } from './fixtures';
import { file, material } from '../material/fixtures';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);
const wait = (ms = 50) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

const poster = material(5, 'image', '活动海报', { file: file(50, '海报.png', 'image/png') });
const link = material(4, 'link', '活动详情', { url: 'https://example.com', content: '点击查看活动规则' });

function answer(url: string, body: any): unknown {
  if (url === '/api/qw/tag/list') return tagList;
  if (url === '/api/qw/member/find') return { list: [member('zhangsan', '张三')] };
  if (url === '/api/material/list') return { list: [poster, link].filter((m) => body.ids.includes(m.id)), total: 2 };
  if (url === '/api/qw/push/detail') return detail({ content: { text: '双十一全场五折', materialIds: [5, 4] } });
  if (url === '/api/qw/push/members')
    return {
      list: [
        { userid: 'zhangsan', memberName: '张三', memberAvatar: '', status: 'sent', sendTime: 1_763_000_100_000, targets: 50, sent: 40, failed: 2, remindedAt: null },
        { userid: 'lisi', memberName: '李四', memberAvatar: '', status: 'unsent', sendTime: null, targets: 70, sent: 0, failed: 0, remindedAt: null },
      ],
      total: 2,
    };
  if (url === '/api/qw/push/targets')
    return { list: [{ targetId: 'wm1', name: '客户甲', avatar: '', userid: 'zhangsan', memberName: '张三', status: 'sent', sendTime: 1_763_000_100_000 }], total: 1 };
  if (url === '/api/qw/push/remind') return { reminded: 1, skipped: 0 };
  return null;
}

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

describe('the push preview', { timeout: 30_000 }, () => {
  it('shows the text and each attachment in order, as the customer sees them', async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => answer(url, body));
    await renderWithProviders(<ContentPreview content={{ text: '双十一全场五折', materialIds: [5, 4] }} />, { workId: 3 });
    expect(screen.getByTestId('welcome-preview-text').textContent).toBe('双十一全场五折');
    await wait(100);
    const attachments = screen.getAllByTestId('welcome-preview-attachment');
    expect(attachments).toHaveLength(2);
    expect((within(attachments[0]!).getByRole('img') as HTMLImageElement).getAttribute('src')).toBe('http://x/api/material/file/50/t');
    expect(attachments[1]!.textContent).toContain('活动详情');
    expect(attachments[1]!.textContent).toContain('点击查看活动规则');
  });

  it('says what to do when there is nothing yet', async () => {
    await renderWithProviders(<ContentPreview content={{ text: '', materialIds: [] }} />, { workId: 3 });
    expect(screen.getByTestId('welcome-preview').textContent).toContain('输入群发内容或添加附件后在此预览');
  });
});

describe('/push/detail', { timeout: 30_000 }, () => {
  it('shows the state, figures, audience in words, tracking and content', async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => answer(url, body));
    await renderWithProviders(<PushDetailPage />, { path: '/push/detail?id=7', workId: 3 });
    const summary = await screen.findByTestId('push-summary');
    expect(within(summary).getByTestId('push-status').textContent).toBe('发送中');
    await wait(100);
    expect(screen.getByTestId('push-audience').textContent).toBe('成员：张三标签（包含全部）：VIP性别：女');
    expect(screen.getByTestId('push-tracked').textContent).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d.*（下次追踪 \d{4}-/);
    const figures = screen.getByTestId('push-figures').textContent;
    expect(figures).toContain('预计送达120');
    expect(figures).toContain('已送达40');
    expect(figures).toContain('成员已发送1/3');
    expect(screen.getAllByTestId('welcome-preview-attachment')).toHaveLength(2);
  });

  it('lists the members and reminds one who has not sent, or all of them', async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => answer(url, body));
    await renderWithProviders(<PushDetailPage />, { path: '/push/detail?id=7', workId: 3 });
    const statuses = await screen.findAllByTestId('member-status');
    expect(statuses.map((s) => s.textContent)).toEqual(['已发送', '未发送']);
    expect(screen.getAllByTestId('member-remind')).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getByTestId('member-remind')));
    await wait(100);
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/push/remind', { id: 7, userid: 'lisi' }, { silent: true });
    await act(async () => fireEvent.click(screen.getByTestId('member-remind-all')));
    await wait(100);
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/push/remind', { id: 7 }, { silent: true });
  });

  it("filters the customers' results", async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => answer(url, body));
    await renderWithProviders(<PushDetailPage />, { path: '/push/detail?id=7', workId: 3 });
    await screen.findByTestId('push-summary');
    await act(async () => fireEvent.click(screen.getByText('客户送达情况')));
    expect((await screen.findByTestId('target-status')).textContent).toBe('已送达');
    const search = screen.getByPlaceholderText('搜索客户名称');
    await act(async () => fireEvent.change(search, { target: { value: '客户甲' } }));
    await act(async () => fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    await wait(100);
    expect(mockedPost).toHaveBeenCalledWith('/api/qw/push/targets', { id: 7, keyword: '客户甲', page: 1 });
  });

  it('says when the push does not exist', async () => {
    mockedPost.mockRejectedValue(new ApiRequestError(404, 404, '群发不存在'));
    await renderWithProviders(<PushDetailPage />, { path: '/push/detail?id=99', workId: 3 });
    expect((await screen.findByTestId('push-missing')).textContent).toContain('群发不存在或已删除');
  });
});
