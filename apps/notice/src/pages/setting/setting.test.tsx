import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post } from '@scrm/web-kit';
import { NOTIFY_CLASSES, type NotifyMessage, type NotifyRecipient } from '@scrm/contracts/notify';
import { renderWithProviders } from '@scrm/web-parts/test';
import NoticeSettingPage from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const classes = { list: NOTIFY_CLASSES.map((c) => ({ key: c.key, name: c.name, description: c.description, enabled: true, sms: c.urgent })) };
const wang: NotifyRecipient = { id: 3, name: '王经理', phone: '13800001111', openid: 'oWang', classes: ['risk_action', 'loss_alert'], boundAt: 1_700_000_000_000, createdAt: 1_700_000_000_000 };
const li: NotifyRecipient = { id: 4, name: '李四', phone: '', openid: null, classes: [], boundAt: null, createdAt: 1_700_000_000_000 };
const failed: NotifyMessage = {
  id: 9,
  classKey: 'abnormal_add',
  title: '异常添加：成员已被自动下线',
  content: '张三：10 分钟内添加 8 位客户',
  recipientId: 3,
  recipientName: '王经理',
  channel: 'sms',
  target: '13800001111',
  status: 'failed',
  reason: '短信余额不足，未发送',
  attempts: 1,
  createdAt: 1_700_000_000_000,
  sentAt: null,
};

function answer(recipients: NotifyRecipient[]) {
  mockedPost.mockImplementation(async (url: string) => {
    if (url === '/api/qw/notify/list') return classes;
    if (url === '/api/qw/notify/member/list') return { list: recipients, total: recipients.length };
    if (url === '/api/account/notify/member/classification/add') return { ...wang, classes: ['risk_action'] };
    if (url === '/api/qw/notify/member/delete') return null;
    if (url === '/api/account/notify/message') return { list: [failed], total: 1 };
    if (url === '/api/notify/account/info') return { smsBalance: 0, smsUsed: 20, recipients: 2, bound: 1 };
    if (url === '/api/notify/recharge/list') return { list: [{ id: 1, kind: 'gift', amount: 20, balanceAfter: 20, note: '新账号赠送短信条数', createdAt: 1_700_000_000_000 }], total: 1 };
    throw new Error(`unexpected ${url}`);
  });
}

afterEach(() => mockedPost.mockReset());

describe('消息通知设置', { timeout: 30_000 }, () => {
  it('lists recipients with phone, bound WeChat and their classes as tags', async () => {
    answer([wang, li]);
    await renderWithProviders(<NoticeSettingPage />);
    const table = await screen.findByTestId('recipient-table');
    await screen.findByText('王经理');
    for (const text of ['13800001111', '已绑定', '风控动作', '流失提醒', '李四', '未填写', '未绑定', '未选择（不接收通知）']) expect(table.textContent).toContain(text);
  });

  it('shows the empty state with the add button', async () => {
    answer([]);
    await renderWithProviders(<NoticeSettingPage />);
    expect((await screen.findByText('还没有通知接收人')).closest('.ant-empty')?.textContent).toContain('添加接收人');
  });

  it('saves a recipient’s classes from the editor', async () => {
    answer([wang]);
    await renderWithProviders(<NoticeSettingPage />);
    await screen.findByText('王经理');
    fireEvent.click(screen.getByTestId('recipient-classes'));
    const modal = await screen.findByTestId('classes-modal');
    fireEvent.click(within(modal).getByTestId('class-loss_alert'));
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/account/notify/member/classification/add', { id: 3, classes: ['risk_action'] }, { silent: true }));
  });

  it('deletes a recipient only after the confirm', async () => {
    answer([wang]);
    await renderWithProviders(<NoticeSettingPage />);
    await screen.findByText('王经理');
    fireEvent.click(screen.getByTestId('recipient-delete'));
    expect((await screen.findAllByText('删除接收人「王经理」？')).length).toBeGreaterThan(0);
    expect(mockedPost).not.toHaveBeenCalledWith('/api/qw/notify/member/delete', expect.anything(), expect.anything());
    fireEvent.click(document.querySelector('.ant-modal-confirm-btns .ant-btn-dangerous')!);
    await waitFor(() => expect(mockedPost).toHaveBeenCalledWith('/api/qw/notify/member/delete', { id: 3 }, { silent: true }));
  });

  it('refuses a bad phone when adding a recipient, in Chinese', async () => {
    answer([]);
    await renderWithProviders(<NoticeSettingPage />);
    await screen.findByText('还没有通知接收人');
    fireEvent.click(screen.getByTestId('recipient-add'));
    await screen.findByTestId('bind-modal');
    fireEvent.click(screen.getByTestId('bind-next'));
    expect(await screen.findByText('请填写姓名')).toBeTruthy();
    fireEvent.change(screen.getByTestId('bind-name'), { target: { value: '赵六' } });
    fireEvent.change(screen.getByTestId('bind-phone'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('bind-next'));
    expect(await screen.findByText('请输入 11 位手机号')).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalledWith('/api/account/bind/notify/code', expect.anything(), expect.anything());
  });

  it('shows the log with the failure reason, and the credits with the recharge list', async () => {
    answer([wang]);
    await renderWithProviders(<NoticeSettingPage />);
    fireEvent.click(await screen.findByRole('tab', { name: '发送记录' }));
    const log = await screen.findByTestId('message-table');
    await within(log).findByText('短信余额不足，未发送');
    for (const text of ['异常添加', '王经理', '短信', '发送失败']) expect(log.textContent).toContain(text);
    fireEvent.click(screen.getByRole('tab', { name: '短信余量' }));
    const credits = await screen.findByTestId('credits');
    await within(credits).findByText('新账号赠送短信条数');
    for (const text of ['短信余量（条）', '赠送', '+20', '短信余量不足时']) expect(credits.textContent).toContain(text);
  });
});
