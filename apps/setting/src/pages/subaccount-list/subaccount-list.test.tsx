import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChildAccount } from '@scrm/contracts/child';
import { post } from '@scrm/web-kit';
import { renderPage } from '../../test/render';
import SubaccountListPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const child: ChildAccount = {
  id: 3,
  account: 'xiaowang',
  nickname: '小王',
  phone: '',
  roleId: 7,
  roleName: '华东运营',
  allWorkSpaces: false,
  workSpaceIds: [11],
  disabled: false,
  createdAt: 1,
};

function answer(children: ChildAccount[]) {
  mockedPost.mockImplementation(async (url: string) => {
    if (url === '/api/account/child/list') return { list: children, total: children.length };
    if (url === '/api/account/child/permission/list') return { list: [], total: 0 };
    if (url === '/api/qw/list') return { list: [{ id: 11, nickname: '甲企业', accessType: 'internal' }], total: 1 };
    if (url === '/api/account/child/update') return { ...child, disabled: true };
    return null;
  });
}

afterEach(() => mockedPost.mockReset());

describe('/setting/subaccount/list', { timeout: 30_000 }, () => {
  it('invites to the first child account', async () => {
    answer([]);
    await renderPage(<SubaccountListPage />, { path: '/setting/subaccount/list' });
    expect((await screen.findByTestId('children-empty')).textContent).toContain('还没有子账号');
  });

  it('lists children with role and work spaces by name', async () => {
    answer([child]);
    await renderPage(<SubaccountListPage />, { path: '/setting/subaccount/list' });
    const table = await screen.findByTestId('child-table');
    await waitFor(() => expect(table.textContent).toContain('甲企业'));
    for (const t of ['xiaowang', '小王', '华东运营', '重置密码']) expect(table.textContent).toContain(t);
  });

  it('disables a child only after the confirm', async () => {
    answer([child]);
    await renderPage(<SubaccountListPage />, { path: '/setting/subaccount/list' });
    fireEvent.click(await screen.findByTestId('child-switch-xiaowang'));
    expect(await screen.findByText('停用后该子账号立即退出登录，且无法再登录，直到重新启用。')).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalledWith('/api/account/child/update', expect.anything(), expect.anything());
    fireEvent.click(screen.getByTestId('confirm-disable'));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/account/child/update', { id: 3, disabled: true }, { silent: true }));
  });
});
