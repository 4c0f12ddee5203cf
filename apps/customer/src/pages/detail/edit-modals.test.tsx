import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerFollow } from '@scrm/contracts/customer';
import { ApiRequestError, post } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import { RemarkModal, TagsModal } from './edit-modals';
import { BatchProgress } from '../list/batch-modal';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const follow: CustomerFollow = {
  userid: 'zhangsan',
  memberName: '张三',
  memberAvatar: '',
  remark: '李总',
  description: '',
  remarkMobiles: ['13800000000'],
  createdAt: 0,
  tags: [{ id: 't1', name: '高意向', groupId: 'g1', groupName: '客户等级' }],
  addWay: 1,
  state: '',
  deletedAt: null,
  deletedByCustomerAt: null,
};

afterEach(() => mockedPost.mockReset());

describe('editing a relation', { timeout: 30_000 }, () => {
  it('sends remark, description and phones to WeCom and closes', async () => {
    mockedPost.mockResolvedValue(null);
    const onClose = vi.fn();
    await renderWithProviders(<RemarkModal externalUserid="wmA" follow={follow} onClose={onClose} />);
    const modal = await screen.findByTestId('remark-modal');
    await act(async () => fireEvent.change(within(modal).getByTestId('remark-input'), { target: { value: '王总' } }));
    await act(async () => fireEvent.change(within(modal).getByTestId('description-input'), { target: { value: '周五回访' } }));
    await act(async () => fireEvent.click(within(modal).getByTestId('mobile-add')));
    const phones = within(modal).getAllByTestId('mobile-input');
    await act(async () => fireEvent.change(phones[1]!, { target: { value: '13900000001' } }));
    await act(async () => fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ })));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mockedPost).toHaveBeenCalledWith(
      '/api/qw/customer/remark',
      { externalUserid: 'wmA', userid: 'zhangsan', remark: '王总', description: '周五回访', remarkMobiles: ['13800000000', '13900000001'] },
      { silent: true },
    );
  });

  it('keeps the modal open with WeCom’s reason when it refuses', async () => {
    mockedPost.mockImplementation(async (url: string) => {
      if (url === '/api/qw/tag/list') return { list: [] };
      throw new ApiRequestError(400, 400, '企业微信系统繁忙，请稍后再试');
    });
    const onClose = vi.fn();
    await renderWithProviders(<RemarkModal externalUserid="wmA" follow={follow} onClose={onClose} />);
    await act(async () => fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ })));
    expect((await screen.findByTestId('remark-error')).textContent).toBe('企业微信系统繁忙，请稍后再试');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes the tag editor without a call when nothing changed', async () => {
    mockedPost.mockResolvedValue({ list: [] });
    const onClose = vi.fn();
    await renderWithProviders(<TagsModal externalUserid="wmA" follow={follow} onClose={onClose} />);
    await act(async () => fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ })));
    expect(onClose).toHaveBeenCalled();
    expect(mockedPost).not.toHaveBeenCalledWith('/api/qw/customer/tag/mark', expect.anything(), expect.anything());
  });
});

describe('batch progress', () => {
  it('shows the counts and each failure with its Chinese reason', async () => {
    await renderWithProviders(
      <BatchProgress
        batch={{
          id: 1,
          status: 'done',
          total: 3,
          counting: false,
          done: 2,
          failed: 1,
          error: null,
          createdAt: 0,
          finishedAt: 1,
          failures: [{ externalUserid: 'wmA', customerName: '李小姐', userid: 'zhangsan', memberName: '张三', error: '企业微信系统繁忙，请稍后再试' }],
        }}
      />,
    );
    expect(screen.getByTestId('batch-counts').textContent).toBe('成功 2，失败 1，共 3');
    const failures = screen.getByTestId('batch-failures');
    expect(within(failures).getByText('李小姐')).toBeTruthy();
    expect(within(failures).getByText('企业微信系统繁忙，请稍后再试')).toBeTruthy();
  });
});
