import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { post, store } from '@scrm/web-kit';
import { renderWithProviders } from '@scrm/web-parts/test';
import MomentCreatePage, { chinaEpoch, inputOf } from './create';
import { attachmentProblem, pickerMax } from './moment-parts';
import { detailOf, LIBRARY, materialsAnswer } from './test-data';

vi.mock('@scrm/web-kit', async (importOriginal) => ({ ...(await importOriginal<typeof import('@scrm/web-kit')>()), post: vi.fn() }));
const mockedPost = vi.mocked(post);
const [img1, img2, video, link, file] = LIBRARY;

function answer(detail = detailOf({ status: 'scheduled' })) {
  mockedPost.mockImplementation(async (url: string, body: any) => {
    if (url === '/api/material/list') return materialsAnswer(body);
    if (url === '/api/qw/moment/detail') return detail;
    if (url === '/api/qw/moment/add' || url === '/api/qw/moment/update') return { ...detail, id: 9 };
    if (url === '/api/qw/tag/list') return { list: [] };
    if (url === '/api/qw/member/find') return { list: [] };
    return { list: [], total: 0 };
  });
}

afterEach(() => {
  mockedPost.mockReset();
  store.set('workId', 0);
});

describe('what a moment may carry', () => {
  it('takes up to 9 images, or one video, or one link, never mixed', () => {
    expect(attachmentProblem([])).toBeNull();
    expect(attachmentProblem([img1!, img2!])).toBeNull();
    expect(attachmentProblem(Array(9).fill(img1))).toBeNull();
    expect(attachmentProblem(Array(10).fill(img1))).toBe('图片最多 9 张');
    expect(attachmentProblem([video!])).toBeNull();
    expect(attachmentProblem([link!])).toBeNull();
    const mixed = '只能添加最多 9 张图片，或 1 个视频，或 1 个链接，不能混合';
    expect(attachmentProblem([img1!, video!])).toBe(mixed);
    expect(attachmentProblem([video!, video!])).toBe(mixed);
    expect(attachmentProblem([link!, img1!])).toBe(mixed);
    expect(attachmentProblem([file!])).toBe(mixed);
    expect(pickerMax([])).toBe(9);
    expect(pickerMax([img1!])).toBe(9);
    expect(pickerMax([video!])).toBe(1);
  });

  it('reads a scheduled time as China time', () => {
    const at = dayjs('2026-05-20 10:30');
    expect(chinaEpoch(at)).toBe(Date.UTC(2026, 4, 20, 2, 30));
    expect(inputOf({ name: ' 活动 ', text: ' 你好 ', materialIds: [1], userids: ['a'], tagIds: ['t'], mode: 'scheduled', sendAt: at })).toEqual({
      name: '活动',
      content: { text: '你好', materialIds: [1] },
      range: { userids: ['a'], departmentIds: [], tagIds: ['t'] },
      sendAt: Date.UTC(2026, 4, 20, 2, 30),
    });
    expect(inputOf({ name: 'a', text: 'b', materialIds: [], userids: [], tagIds: [], mode: 'now', sendAt: at }).sendAt).toBeNull();
  });
});

describe('/moment-push/create', () => {
  it('previews the text as a moment and sends it now', async () => {
    store.set('workId', 7);
    answer();
    await renderWithProviders(<MomentCreatePage />, { path: '/moment-push/create', where: true });
    expect((await screen.findByTestId('moment-preview')).textContent).toContain('填写文字或添加图片后在此预览');
    fireEvent.change(screen.getByTestId('moment-name-input'), { target: { value: '周末活动' } });
    fireEvent.change(screen.getByTestId('moment-text-input'), { target: { value: '周末到店有礼' } });
    await waitFor(() => expect(screen.getByTestId('moment-preview-text').textContent).toBe('周末到店有礼'));
    fireEvent.click(screen.getByTestId('moment-form-submit'));
    await waitFor(() =>
      expect(mockedPost).toHaveBeenCalledWith(
        '/api/qw/moment/add',
        { name: '周末活动', content: { text: '周末到店有礼', materialIds: [] }, range: { userids: [], departmentIds: [], tagIds: [] }, sendAt: null },
        { silent: true },
      ),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/moment-push/detail?id=9'));
  }, 30_000);

  it('refuses a moment with neither text nor media', async () => {
    store.set('workId', 7);
    answer();
    await renderWithProviders(<MomentCreatePage />, { path: '/moment-push/create' });
    fireEvent.change(await screen.findByTestId('moment-name-input'), { target: { value: '空的' } });
    fireEvent.click(screen.getByTestId('moment-form-submit'));
    expect(await screen.findByText('请填写文字或添加图片、视频、链接')).toBeTruthy();
    expect(mockedPost).not.toHaveBeenCalledWith('/api/qw/moment/add', expect.anything(), expect.anything());
  }, 30_000);

  it('edits a scheduled moment with its images in the preview', async () => {
    store.set('workId', 7);
    answer();
    await renderWithProviders(<MomentCreatePage />, { path: '/moment-push/create?id=1' });
    expect(((await screen.findByTestId('moment-name-input')) as HTMLInputElement).value).toBe('双十一活动');
    await waitFor(() => expect(screen.getByTestId('moment-preview-images').querySelectorAll('img')).toHaveLength(2));
    expect(screen.getAllByTestId('material-attachment')).toHaveLength(2);
  }, 30_000);

  it('says a moment being sent cannot be edited', async () => {
    store.set('workId', 7);
    answer(detailOf({ status: 'sending' }));
    await renderWithProviders(<MomentCreatePage />, { path: '/moment-push/create?id=1' });
    expect((await screen.findByTestId('moment-not-editable')).textContent).toContain('只有待发送的朋友圈可以编辑');
  }, 30_000);
});
