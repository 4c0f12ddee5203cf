import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, store } from '@scrm/web-kit';
import { renderPage } from '../../test/render';
import { EMPTY_LIMIT, limitInputOf, limitProblems } from './limit-form';
import { LimitForm } from './index';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

describe('member limit plan form values', () => {
  it('needs at least one rule, sane numbers and members when not for everyone', () => {
    expect(limitProblems({ ...EMPTY_LIMIT, name: '上限' })).toEqual({ rules: '请至少设置一项规则' });
    expect(limitProblems({ ...EMPTY_LIMIT, name: '', dailyCap: 5, hourlyCap: 10 })).toEqual({ name: '请填写计划名称', hourlyCap: '每小时上限不能大于每日上限' });
    expect(limitProblems({ ...EMPTY_LIMIT, name: '上限', dailyCap: 0, hourlyCap: 10 })).toEqual({});
    expect(limitProblems({ ...EMPTY_LIMIT, name: '上限', scope: 'some', userids: [], dailyCap: 5 })).toEqual({ userids: '请选择成员' });
    expect(limitProblems({ ...EMPTY_LIMIT, name: '上限', dailyCap: null })).toMatchObject({ dailyCap: '请填写上限（0 表示不限）' });
    expect(limitProblems({ ...EMPTY_LIMIT, name: '上限', burstOn: true, burstCount: 1, burstMinutes: 0 })).toEqual({ burstCount: '请填写人数（至少 2 人）', burstMinutes: '请填写时间（1-1440 分钟）' });
    expect(limitProblems({ ...EMPTY_LIMIT, name: '上限', deleteOn: true, deletePercent: 120, deleteMinAdds: 0 })).toEqual({ deletePercent: '请填写比例（1-100）', deleteMinAdds: '请填写人数（至少 1 人）' });
    // A detector switched off ignores its numbers.
    expect(limitProblems({ ...EMPTY_LIMIT, name: '上限', dailyCap: 3, burstOn: false, burstCount: null })).toEqual({});
  });

  it('makes the request body: everyone as an empty list, detectors off as null', () => {
    expect(limitInputOf({ ...EMPTY_LIMIT, name: ' 上限 ', scope: 'all', userids: ['a'], dailyCap: 20, burstOn: true, burstMinutes: 10, burstCount: 8 })).toEqual({
      name: '上限',
      userids: [],
      dailyCap: 20,
      hourlyCap: 0,
      burst: { minutes: 10, count: 8 },
      deleteRate: null,
      enabled: true,
    });
    expect(limitInputOf({ ...EMPTY_LIMIT, name: '上限', scope: 'some', userids: ['a', 'b'], deleteOn: true, deletePercent: 30, deleteMinAdds: 10 })).toMatchObject({
      userids: ['a', 'b'],
      burst: null,
      deleteRate: { percent: 30, minAdds: 10 },
    });
  });
});

describe('/setting/risk/limit/create', { timeout: 30_000 }, () => {
  it('says a rule is needed, explains the detectors and saves what was set', async () => {
    mockedPost.mockImplementation(async (url: string, body: unknown) => ({ id: 7, ...(body as object), members: [], offlineNow: 0, createdAt: 1, updatedAt: 1, url }));
    await renderPage(<LimitForm />);
    fireEvent.change(screen.getByTestId('plan-name-input'), { target: { value: '销售部上限' } });
    fireEvent.click(screen.getByTestId('plan-submit'));
    expect((await screen.findByTestId('rules-error')).textContent).toBe('请至少设置一项规则');
    expect(mockedPost).not.toHaveBeenCalled();

    // Hourly over daily is refused on the field.
    fireEvent.change(screen.getByTestId('limit-daily'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('limit-hourly'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('plan-submit'));
    expect(await screen.findByText('每小时上限不能大于每日上限', {}, { timeout: 8000 })).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalled();

    // The burst detector: off by default, explained, its numbers shown when on.
    expect(screen.getByText(/短时间内大量加好友/)).toBeTruthy();
    expect(screen.queryByTestId('limit-burst-fields')).toBeNull();
    fireEvent.click(screen.getByTestId('limit-burst-on'));
    expect(await screen.findByTestId('limit-burst-fields')).toBeTruthy();

    fireEvent.change(screen.getByTestId('limit-hourly'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('plan-submit'));
    await waitFor(() =>
      expect(mockedPost).toHaveBeenCalledWith(
        '/api/qw/limit/plan/add',
        { name: '销售部上限', userids: [], dailyCap: 5, hourlyCap: 2, burst: { minutes: 10, count: 20 }, deleteRate: null, enabled: true },
        { silent: true },
      ),
    );
  });
});
