import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffCodeName } from '@scrm/contracts/staff-code';
import { post, store } from '@scrm/web-kit';
import StaffQrcodeCreatePage from './index';
import { renderWithProviders } from '@scrm/web-parts/test';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const wait = (ms = 50) => act(() => new Promise<void>((r) => setTimeout(r, ms)));
const members = [
  { userid: 'zhangsan', name: '张三', avatar: '', departmentNames: ['销售部'], isFollowUser: true },
  { userid: 'lisi', name: '李四', avatar: '', departmentNames: ['销售部'], isFollowUser: true },
];

function answer(url: string) {
  if (url === '/api/qw/member/find') return { list: members };
  if (url === '/api/qw/tag/list') return { list: [] };
  if (url === '/api/qw/staff/code/add') return { ids: [11, 12] };
  return null;
}

async function renderAt(path: string) {
  store.set('workId', 3);
  await renderWithProviders(
    <Routes>
      <Route path="/staff-qrcode/create" element={<StaffQrcodeCreatePage />} />
      <Route path="/staff-qrcode/list" element={<div>员工活码列表页</div>} />
    </Routes>,
    { path },
  );
}

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

// antd's first render in jsdom is slow when the web suite runs in parallel.
describe('/staff-qrcode/create', { timeout: 30_000 }, () => {
  it('names each code from the template', () => {
    expect(staffCodeName(undefined, '张三')).toBe('张三的活码');
    expect(staffCodeName('  ', '张三')).toBe('张三的活码');
    expect(staffCodeName('门店-#成员姓名#-#成员姓名#', '李四')).toBe('门店-李四-李四');
    expect(staffCodeName('固定名称', '李四')).toBe('固定名称');
    expect(staffCodeName('#成员姓名#'.repeat(3), '很长的名字很长的名字很长')).toHaveLength(30);
  });

  it('asks for members before anything is sent', async () => {
    mockedPost.mockImplementation(async (url: string) => answer(url));
    await renderAt('/staff-qrcode/create');
    await act(async () => fireEvent.click(screen.getByTestId('code-submit')));
    await wait(200);
    expect(await screen.findByText('请选择成员')).toBeTruthy();
    expect(mockedPost.mock.calls.some(([url]) => url === '/api/qw/staff/code/add')).toBe(false);
  });

  it('makes one code per chosen member, showing the names they will get', async () => {
    mockedPost.mockImplementation(async (url: string) => answer(url));
    await renderAt('/staff-qrcode/create');
    const select = screen.getByTestId('members-select');
    await act(async () => fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select));
    await wait(400);
    for (const name of ['张三', '李四']) {
      const option = (await screen.findAllByText(name)).find((el) => el.closest('.ant-select-item-option'))!;
      await act(async () => fireEvent.click(option));
    }
    await wait(100);
    expect(document.body.textContent).toContain('生成后名称：「张三的活码」、「李四的活码」');
    expect(screen.getByTestId('code-submit').textContent).toBe('生成 2 个活码');
    await act(async () => fireEvent.click(screen.getByTestId('code-submit')));
    await wait(300);
    expect(mockedPost).toHaveBeenCalledWith(
      '/api/qw/staff/code/add',
      { userids: ['zhangsan', 'lisi'], name: '#成员姓名#的活码', tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true },
      { silent: true },
    );
    expect(await screen.findByText('员工活码列表页')).toBeTruthy();
    expect(within(document.body).queryByText('请选择成员')).toBeNull();
  });
});
