import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CronPlan } from '@scrm/contracts/risk';
import { ApiRequestError, post, store } from '@scrm/web-kit';
import { renderPage } from '../../test/render';
import { EMPTY_CRON, cronInputOf, cronProblems } from './cron-form';
import RiskCronCreatePage, { CronForm } from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

const plan: CronPlan = {
  id: 4,
  name: '工作时间',
  members: [{ userid: 'zhangsan', name: '张三', avatar: '', offline: true }],
  schedule: [{ weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' }],
  enabled: true,
  onlineNow: false,
  nextChangeAt: null,
  createdAt: 1,
  updatedAt: 1,
};

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

describe('cron plan form values', () => {
  it('needs a name, members and at least one valid time range', () => {
    expect(cronProblems({ ...EMPTY_CRON, name: ' ', schedule: [] })).toEqual({ name: '请填写计划名称', userids: '请选择成员', schedule: '请添加在线时间段' });
    expect(cronProblems({ ...EMPTY_CRON, name: '早班', userids: ['a'], schedule: [{ weekdays: [1], start: '18:00', end: '09:00' }] }).schedule).toBe('时间段 18:00-09:00 的结束时间须晚于开始时间');
    expect(cronProblems({ ...EMPTY_CRON, name: '早班', userids: Array.from({ length: 1001 }, (_, i) => `u${i}`) }).userids).toBe('最多选择 1000 位成员');
    expect(cronProblems({ ...EMPTY_CRON, name: '早班', userids: ['a'] })).toEqual({});
    expect(cronInputOf({ ...EMPTY_CRON, name: ' 早班 ', userids: ['a'] })).toEqual({ name: '早班', userids: ['a'], schedule: EMPTY_CRON.schedule, enabled: true });
  });
});

describe('/setting/risk/cron/create', { timeout: 30_000 }, () => {
  it('asks to connect a corp when no work space is chosen', async () => {
    await renderPage(<RiskCronCreatePage />, { workId: 0 });
    expect(screen.getByTestId('no-work-space').textContent).toContain('请先连接企业微信');
  });

  it('refuses to save without a name or members, in Chinese, and sends nothing', async () => {
    mockedPost.mockResolvedValue({ list: [] });
    await renderPage(<CronForm />);
    fireEvent.click(screen.getByTestId('plan-submit'));
    expect(await screen.findByText('请填写计划名称', {}, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByText('请选择成员', {}, { timeout: 8000 })).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalledWith('/api/qw/risk/plan/add', expect.anything(), expect.anything());
  });

  it('saves an edited plan with its members and hours, and shows the server’s refusal', async () => {
    mockedPost.mockImplementation(async (url: string) => {
      if (url === '/api/qw/member/find') return { list: [{ userid: 'zhangsan', name: '张三', avatar: '', departmentNames: [], isFollowUser: true }] };
      throw new ApiRequestError(400, 400, '成员「张三」已在定时上下线计划「早班」中，一位成员只能加入一个定时计划');
    });
    await renderPage(<CronForm plan={plan} />);
    fireEvent.change(screen.getByTestId('plan-name-input'), { target: { value: '工作时间（新）' } });
    fireEvent.click(screen.getByTestId('plan-submit'));
    await waitFor(() =>
      expect(mockedPost).toHaveBeenCalledWith(
        '/api/qw/risk/plan/update',
        { id: 4, name: '工作时间（新）', userids: ['zhangsan'], schedule: plan.schedule, enabled: true },
        { silent: true },
      ),
    );
    expect((await screen.findByTestId('form-error')).textContent).toContain('一位成员只能加入一个定时计划');
  });
});
