import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeadBatch } from '@scrm/contracts/lead';
import { post, store } from '@scrm/web-kit';
import CustomerQrcodeEditPage from './index';
import { renderWithProviders } from '@scrm/web-parts/test';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const wait = (ms = 50) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

const saved: LeadBatch = {
  id: 9,
  name: '展会名单',
  userid: 'zhangsan',
  memberName: '张三',
  avatar: '',
  expiresAt: Date.now() + 3 * 86_400_000,
  status: 'ready',
  total: 2,
  created: 2,
  failed: 0,
  added: 1,
  addsToday: 0,
  tagIds: [],
  tagNames: [],
  welcome: { text: '你好', materialIds: [] },
  skipVerify: true,
  createdAt: 1,
};

function answer(url: string, body: unknown) {
  if (url === '/api/qw/member/find') return { list: [{ userid: 'zhangsan', name: '张三', avatar: '', departmentNames: ['销售部'], isFollowUser: true }] };
  if (url === '/api/qw/tag/list') return { list: [] };
  if (url === '/api/material/list') return { list: [], total: 0 };
  if (url === '/api/qw/customer/code/batch/info') return saved;
  if (url === '/api/qw/customer/code/batch/add' || url === '/api/qw/customer/code/batch/update') return { ...saved, ...(body as object) };
  return null;
}

async function renderAt(path: string) {
  store.set('workId', 3);
  await renderWithProviders(
    <Routes>
      <Route path="/customer-qrcode/edit" element={<CustomerQrcodeEditPage />} />
      <Route path="/customer-qrcode/detail" element={<div>批次详情页</div>} />
    </Routes>,
    { path },
  );
}

const type = (el: Element, value: string) => act(async () => fireEvent.change(el, { target: { value } }));

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

// antd's first render in jsdom is slow when the web suite runs in parallel.
describe('/customer-qrcode/edit', { timeout: 30_000 }, () => {
  it('says what is missing: name, member and at least one lead', async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => answer(url, body));
    await renderAt('/customer-qrcode/edit');
    await act(async () => fireEvent.click(screen.getByTestId('batch-submit')));
    await wait(200);
    expect(await screen.findByText('请填写批次名称')).toBeTruthy();
    expect(screen.getByText('请选择添加成员')).toBeTruthy();
    expect(mockedPost.mock.calls.some(([url]) => url === '/api/qw/customer/code/batch/add')).toBe(false);
  });

  it('marks a bad row and refuses to submit until it is fixed', async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => answer(url, body));
    await renderAt('/customer-qrcode/edit');
    const editor = screen.getByTestId('lead-editor');
    await type(within(editor).getByTestId('lead-phone'), '电话号码');
    await act(async () => fireEvent.blur(within(editor).getByTestId('lead-phone')));
    expect(within(editor).getByTestId('lead-problem').textContent).toBe('姓名不能为空');
    await type(within(editor).getByTestId('lead-name'), '张三');
    expect(within(editor).getByTestId('lead-problem').textContent).toBe('手机号格式不正确');
    expect(editor.textContent).toContain('1 行有误');
    await type(screen.getByTestId('batch-name-input'), '展会名单');
    await act(async () => fireEvent.click(screen.getByTestId('batch-submit')));
    await wait(200);
    expect((await screen.findByTestId('leads-problem')).textContent).toBe('客户名单中有 1 行有误，请修改后再提交');
    await type(within(editor).getByTestId('lead-phone'), '13800000000');
    expect(within(editor).queryByTestId('lead-problem')).toBeNull();
  });

  it('takes pasted lines into the list, header recognised', async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => answer(url, body));
    await renderAt('/customer-qrcode/edit');
    await act(async () => fireEvent.click(screen.getByTestId('lead-paste')));
    await type(await screen.findByTestId('paste-text'), '姓名\t手机号\t备注\n张三\t13800000000\t抖音\n李四,,官网\n王五 bad\n');
    await wait(400);
    expect(screen.getByTestId('import-summary').textContent).toBe('共读取 3 行，均可导入');
    await act(async () => fireEvent.click(screen.getByTestId('paste-confirm')));
    await wait(100);
    const names = [...screen.getByTestId('lead-editor').querySelectorAll<HTMLInputElement>('[data-testid="lead-name"]')].map((i) => i.value);
    expect(names).toEqual(['张三', '李四', '王五 bad']);
    expect(screen.getByTestId('lead-count').textContent).toBe('共 3 位客户（最多 1000 位）');
    expect(screen.getByTestId('batch-submit').textContent).toBe('生成 3 个二维码');
  });

  it('edits a batch: member and validity stay, extra leads are optional', async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => answer(url, body));
    await renderAt('/customer-qrcode/edit?id=9');
    const name = (await screen.findByTestId('batch-name-input')) as HTMLInputElement;
    expect(name.value).toBe('展会名单');
    expect(screen.getByTestId('batch-expiry-fixed').textContent).toContain('过期（创建后不能修改）');
    expect(screen.getByText(/本批已有 2 位客户/)).toBeTruthy();
    await type(name, '展会名单二期');
    await act(async () => fireEvent.click(screen.getByTestId('batch-submit')));
    await wait(300);
    expect(mockedPost).toHaveBeenCalledWith(
      '/api/qw/customer/code/batch/update',
      { id: 9, name: '展会名单二期', tagIds: [], welcome: { text: '你好', materialIds: [] } },
      { silent: true },
    );
    expect(await screen.findByText('批次详情页')).toBeTruthy();
  });
});
