import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import { PushCreatePage } from './create';
import { detail, member, tagList } from './fixtures';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);
const wait = (ms = 50) => act(() => new Promise<void>((r) => setTimeout(r, ms)));
const MINUTE = 60_000;
const inTwoDays = Math.floor((Date.now() + 2 * 86_400_000) / MINUTE) * MINUTE;

function answer(url: string, body: any): unknown {
  if (url === '/api/qw/tag/list') return tagList;
  if (url === '/api/qw/member/find') return { list: [member('zhangsan', '张三')] };
  if (url === '/api/qw/code/find' || url === '/api/material/list') return { list: [], total: 0 };
  if (url === '/api/qw/group/list') return { list: [], total: 0, sync: { status: 'idle' } };
  if (url === '/api/qw/push/reach') return body.chatType === 'group' ? { targets: 8, members: 2, overCap: 0 } : { targets: 120, members: 3, overCap: 5 };
  if (url === '/api/qw/push/detail') return detail({ status: 'scheduled', sendAt: inTwoDays, startedAt: null });
  if (url === '/api/qw/push/add' || url === '/api/qw/push/update') return detail({ id: 9, ...body });
  return null;
}
const reachBodies = () => mockedPost.mock.calls.filter(([url]) => url === '/api/qw/push/reach').map(([, body]) => body);

async function renderAt(path: string) {
  mockedPost.mockImplementation(async (url: string, body: unknown) => answer(url, body));
  store.set('workId', 3);
  await renderWithProviders(
    <Routes>
      <Route path="/push/create" element={<PushCreatePage />} />
      <Route path="/push/detail" element={<div>群发详情页</div>} />
    </Routes>,
    { path },
  );
}

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

describe('/push/create: the audience builder', { timeout: 30_000 }, () => {
  it('counts the whole audience first, with those over the monthly cap', async () => {
    await renderAt('/push/create');
    expect((await screen.findByTestId('push-reach-count')).textContent).toBe('预计送达 120 位客户，3 名成员发送');
    expect(screen.getByTestId('push-reach-over-cap').textContent).toContain('5 位客户本月接收群发已达上限，将不会收到');
    expect(reachBodies()[0]).toEqual({ chatType: 'single', audience: {} });
  });

  it('asks again with the filters once the operator pauses', async () => {
    await renderAt('/push/create');
    await screen.findByTestId('push-reach-count');
    await act(async () => fireEvent.click(screen.getByText('女')));
    await wait(800);
    expect(reachBodies().at(-1)).toEqual({ chatType: 'single', audience: { gender: 2 } });
  });

  it("sends a saved push's tags with their mode, and counts groups for a push to groups", async () => {
    await renderAt('/push/create?id=7');
    await screen.findByTestId('push-reach-count');
    expect(reachBodies()[0]).toEqual({ chatType: 'single', audience: { userids: ['zhangsan'], tagIds: ['t1'], tagMode: 'all', gender: 2 } });
    await act(async () => fireEvent.click(screen.getByText('群发客户群')));
    await wait(800);
    expect(reachBodies().at(-1)).toEqual({ chatType: 'group', audience: {} });
    expect((await screen.findByTestId('push-reach-count')).textContent).toBe('预计送达 8 个客户群，2 名群主发送');
  });
});

describe('/push/create: the form', { timeout: 30_000 }, () => {
  it('asks for a name and some content before anything is sent', async () => {
    await renderAt('/push/create');
    await act(async () => fireEvent.click(screen.getByText('定时发送')));
    await act(async () => fireEvent.click(screen.getByTestId('push-submit')));
    await wait(200);
    expect(await screen.findByText('请填写群发名称')).toBeTruthy();
    expect(screen.getByText('请输入群发内容或添加附件')).toBeTruthy();
    expect(screen.getByText('请选择发送时间')).toBeTruthy();
    expect(mockedPost.mock.calls.some(([url]) => url === '/api/qw/push/add')).toBe(false);
  });

  it('says when the text is over WeCom’s 4000 bytes', async () => {
    await renderAt('/push/create');
    await act(async () => fireEvent.change(screen.getByTestId('welcome-text'), { target: { value: '群'.repeat(1400) } }));
    expect(screen.getByTestId('welcome-bytes').textContent).toBe('4200/4000 字节');
    expect(await screen.findByText('群发内容不能超过 4000 字节（一个汉字约占 3 字节）')).toBeTruthy();
    // a push's text has no placeholders to insert
    expect(screen.queryByTestId('welcome-insert-customer')).toBeNull();
  });

  it('creates a push to send now and opens its detail', async () => {
    await renderAt('/push/create');
    await act(async () => fireEvent.change(screen.getByTestId('push-name-input'), { target: { value: ' 周末活动 ' } }));
    await act(async () => fireEvent.change(screen.getByTestId('welcome-text'), { target: { value: '周末全场八折' } }));
    await act(async () => fireEvent.click(screen.getByTestId('push-submit')));
    await wait(300);
    expect(mockedPost).toHaveBeenCalledWith(
      '/api/qw/push/add',
      { name: '周末活动', chatType: 'single', audience: {}, content: { text: '周末全场八折', materialIds: [] }, sendAt: null },
      { silent: true },
    );
    expect(await screen.findByText('群发详情页')).toBeTruthy();
  });

  it('edits a scheduled push: its audience, content and time come back, and saving sends them', async () => {
    await renderAt('/push/create?id=7');
    const name = (await screen.findByTestId('push-name-input')) as HTMLInputElement;
    expect(name.value).toBe('双十一活动通知');
    await act(async () => fireEvent.click(screen.getByTestId('push-submit')));
    await wait(300);
    expect(mockedPost).toHaveBeenCalledWith(
      '/api/qw/push/update',
      {
        id: 7,
        name: '双十一活动通知',
        chatType: 'single',
        audience: { userids: ['zhangsan'], tagIds: ['t1'], tagMode: 'all', gender: 2 },
        content: { text: '双十一全场五折', materialIds: [] },
        sendAt: inTwoDays,
      },
      { silent: true },
    );
  });

  it('refuses to edit a push that has started', async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => (url === '/api/qw/push/detail' ? detail({ status: 'sending' }) : answer(url, body)));
    store.set('workId', 3);
    await renderWithProviders(<PushCreatePage />, { path: '/push/create?id=7' });
    expect((await screen.findByTestId('push-not-editable')).textContent).toContain('该群发已开始发送，不能再编辑');
  });
});
