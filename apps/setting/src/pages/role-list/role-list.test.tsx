import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChildRole, RoleTemplate } from '@scrm/contracts/child';
import { post } from '@scrm/web-kit';
import { renderPage } from '../../test/render';
import RoleListPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const templates: RoleTemplate[] = [{ key: 'readonly', name: '只读', description: '只看', permissionKeys: ['channel-qrcode', 'tag'] }];
const role: ChildRole = { id: 7, name: '华东运营', permissionKeys: ['channel-qrcode', 'channel-qrcode.manage', 'tag'], childCount: 2, createdAt: 1, updatedAt: 1 };

function answer(roles: ChildRole[]) {
  mockedPost.mockImplementation(async (url: string) => {
    if (url.endsWith('/template/list')) return templates;
    if (url.endsWith('/permission/list')) return { list: roles, total: roles.length };
    if (url.endsWith('/permission/create')) return { ...role, id: 8 };
    return null;
  });
}

afterEach(() => mockedPost.mockReset());

describe('/setting/role/list', { timeout: 30_000 }, () => {
  it('invites to the first role, from a template too', async () => {
    answer([]);
    await renderPage(<RoleListPage />, { path: '/setting/role/list' });
    const empty = await screen.findByTestId('roles-empty');
    expect(empty.textContent).toContain('还没有功能角色');
    expect(empty.textContent).toContain('从模板创建');
  });

  it('lists roles with what they grant and how many children hold them', async () => {
    answer([role]);
    await renderPage(<RoleListPage />, { path: '/setting/role/list' });
    const table = await screen.findByTestId('role-table');
    await waitFor(() => expect(table.textContent).toContain('华东运营'));
    expect(table.textContent).toContain('2 个页面，其中 1 项可管理');
    expect(table.textContent).toContain('2 个');
  });

  it('creates a role from a template with its keys, and asks for a name in Chinese', async () => {
    answer([role]);
    await renderPage(<RoleListPage />, { path: '/setting/role/list' });
    await screen.findByTestId('role-table');
    fireEvent.click(screen.getByTestId('role-from-template'));
    fireEvent.click(await screen.findByTestId('role-template-readonly'));
    const name = (await screen.findByTestId('role-name')) as HTMLInputElement;
    expect(name.value).toBe('只读');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('role-save'));
    expect(await screen.findByText('请输入角色名称')).toBeTruthy();
    fireEvent.change(name, { target: { value: '只读同事' } });
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() =>
      expect(mockedPost).toHaveBeenCalledWith('/api/account/child/permission/create', { name: '只读同事', permissionKeys: ['channel-qrcode', 'tag'] }, { silent: true }),
    );
  });
});
