import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import PackagePage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const DAY = 86_400_000;
const figures = (over = {}) => ({ bought: 3, used: 1, free: 2, expired: 0, expiring: 1, nextExpiresAt: Date.now() + 5 * DAY, ...over });
const seat = (over = {}) => ({ id: 1, state: 'bound', workSpaceId: 7, workSpaceName: '测试科技', userid: 'zhangsan', memberName: '张三', source: 'trial', startsAt: Date.now() - DAY, expiresAt: Date.now() + 5 * DAY, boundAt: Date.now(), ...over });

const renderPage = () => renderWithProviders(<PackagePage />, { path: '/setting/package' });

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
  store.set('auth', {});
});

function answer(info: unknown, list: unknown) {
  mockedPost.mockImplementation(async (url: string) => {
    if (url === '/api/seat/info') return info;
    if (url === '/api/seat/list') return list;
    if (url === '/api/seat/remove') return info;
    throw new Error(`unexpected ${url}`);
  });
}

// The first render loads antd's table, modal and statistic: slow on a busy machine.
describe('/setting/package', { timeout: 20_000 }, () => {
  it('shows the figures and the seats with their members and terms', async () => {
    store.set('workId', 7);
    answer(
      { figures: figures(), workSpaces: [{ id: 7, nickname: '测试科技', free: 1, used: 1 }] },
      { list: [seat(), seat({ id: 2, state: 'free', userid: null, memberName: '', workSpaceId: null, workSpaceName: '' })], total: 2 },
    );
    await renderPage();
    const table = await screen.findByTestId('seat-table');
    await within(table).findByText('张三');
    expect(screen.getByTestId('seat-figures').textContent).toContain('已购席位3');
    expect(screen.getByTestId('seat-figures').textContent).toContain('30 天内到期1');
    expect(table.textContent).toContain('#000001');
    expect(table.textContent).toContain('已绑定');
    expect(table.textContent).toContain('空闲');
    expect(table.textContent).toContain('未分配企业');
    expect(table.textContent).toContain('5 天');
  });

  it('shows a view-only child the seats without the changes it may not make', async () => {
    store.set('workId', 7);
    store.set('auth', { package: true, 'package.manage': false });
    answer({ figures: figures(), workSpaces: [{ id: 7, nickname: '测试科技', free: 1, used: 1 }] }, { list: [seat()], total: 1 });
    await renderPage();
    const table = await screen.findByTestId('seat-table');
    await within(table).findByText('张三');
    expect(screen.queryByTestId('seat-bind')).toBeNull();
    expect(screen.queryByTestId('seat-unbind')).toBeNull();
    expect(screen.queryByTestId('seat-transfer')).toBeNull();
    expect(screen.queryByTestId('seat-migrate')).toBeNull();
    expect(table.textContent).not.toContain('操作');
  });

  it('asks before unbinding, then unbinds', async () => {
    store.set('workId', 7);
    answer({ figures: figures(), workSpaces: [{ id: 7, nickname: '测试科技', free: 1, used: 1 }] }, { list: [seat()], total: 1 });
    await renderPage();
    fireEvent.click(await screen.findByTestId('seat-unbind'));
    expect((await screen.findAllByText('解绑「张三」的席位？')).length).toBeGreaterThan(0);
    expect(mockedPost).not.toHaveBeenCalledWith('/api/seat/remove', expect.anything(), expect.anything());
    fireEvent.click(await screen.findByTestId('seat-unbind-ok'));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/seat/remove', { ids: [1] }, { silent: true }));
  }, 20_000);

  it('invites to buy when there are no seats, and shows a load error', async () => {
    answer({ figures: figures({ bought: 0, used: 0, free: 0, expiring: 0, nextExpiresAt: null }), workSpaces: [] }, { list: [], total: 0 });
    await renderPage();
    expect((await screen.findByTestId('seats-empty')).textContent).toContain('还没有席位');
  });

  it('shows a load error with a retry', async () => {
    mockedPost.mockRejectedValue(Object.assign(new Error('服务器开小差了'), { status: 500 }));
    await renderPage();
    await waitFor(() => expect(document.body.textContent).toContain('服务器开小差了'));
  });
});
