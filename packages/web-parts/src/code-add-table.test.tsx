import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CodeAdd } from '@scrm/contracts/contact-way';
import { CodeAddTable } from './code-add-table';
import { renderWithProviders } from './test-helpers';

const at = (iso: string) => Date.parse(`${iso}+08:00`);
const add = (over: Partial<CodeAdd>): CodeAdd => ({
  id: 1,
  externalUserid: 'wm001',
  customerName: '王小明',
  avatar: '',
  userid: 'zhangsan',
  memberName: '张三',
  addedAt: at('2024-03-05T09:08:07'),
  welcomeStatus: 'sent',
  welcomeAt: at('2024-03-05T09:08:09'),
  welcomeError: null,
  tagNames: [],
  tagStatus: 'none',
  deletedByMemberAt: null,
  deletedByCustomerAt: null,
  ...over,
});

const rows: CodeAdd[] = [
  add({ id: 1, tagNames: ['意向客户', '抖音'], tagStatus: 'done' }),
  add({ id: 2, externalUserid: 'wm/002', customerName: '李华', welcomeStatus: 'failed', welcomeError: '附件素材已失效', deletedByCustomerAt: at('2024-03-06T10:00:00') }),
  add({ id: 3, customerName: '赵六', welcomeStatus: 'missed', welcomeAt: null, tagStatus: 'pending', deletedByMemberAt: at('2024-03-07T11:30:00') }),
  add({ id: 4, customerName: '钱七', welcomeStatus: 'none', welcomeAt: null, tagStatus: 'failed' }),
];

describe('CodeAddTable', { timeout: 30_000 }, () => {
  it('renders customers, times in China time, welcome statuses, tags and deletions', async () => {
    await renderWithProviders(<CodeAddTable data={{ list: rows, total: 4 }} page={1} pageSize={20} onPageChange={vi.fn()} />);
    const trs = within(screen.getByTestId('code-add-table')).getAllByRole('row').slice(1);
    expect(trs).toHaveLength(4);
    const [first, second, third, fourth] = trs.map((tr) => tr.textContent ?? '');

    const contains = (text: string, ...parts: string[]) => parts.forEach((part) => expect(text).toContain(part));
    contains(first, '王小明', '张三', '2024-03-05 09:08:07', '已发送', '意向客户', '抖音', '正常');
    expect(within(trs[0]!).getByTestId('code-add-customer').getAttribute('href')).toBe('/customer/detail?id=wm001');
    expect(within(trs[1]!).getByTestId('code-add-customer').getAttribute('href')).toBe('/customer/detail?id=wm%2F002');

    contains(second, '发送失败', '客户删除成员', '2024-03-06 10:00:00');
    contains(third, '超时未发送', '打标签中', '成员删除客户', '2024-03-07 11:30:00');
    contains(fourth, '未设置', '打标签失败');

    const colors = screen.getAllByTestId('welcome-status').map((t) => t.className);
    expect(colors[0]).toContain('success');
    expect(colors[1]).toContain('error');
    expect(colors[2]).toContain('warning');
    expect(screen.getByText('共 4 条')).toBeTruthy();
  });

  it('shows 「暂无客户添加」 when empty and can leave out the member', async () => {
    await renderWithProviders(<CodeAddTable data={{ list: [], total: 0 }} page={1} pageSize={20} onPageChange={vi.fn()} hideMember />);
    expect(screen.getByText('暂无客户添加')).toBeTruthy();
    expect(screen.queryByText('添加成员')).toBeNull();
  });
});
