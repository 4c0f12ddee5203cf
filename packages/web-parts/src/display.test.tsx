// The read-only pieces: QR card, retention table, online badge, daily chart and summary, a list's empty states.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DayFigures, RetentionRow } from '@scrm/contracts/contact-way';
import { DayChart, dayChartOption } from './day-chart';
import { DaySummary } from './day-summary';
import { FirstUse, NoMatch } from './list-empty';
import { OnlineBadge } from './online-badge';
import { QrCard, saveBlob } from './qr-card';
import { RetentionTable, retentionText } from './retention-table';
import { renderWithProviders, settle } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

describe('QrCard', { timeout: 30_000 }, () => {
  it('shows 「二维码生成中」 without a URL and 「二维码加载失败」 when the image fails', async () => {
    const { rerender } = await renderWithProviders(<QrCard url="" name="门店活码" download={vi.fn()} />);
    expect(screen.getByTestId('qr-creating').textContent).toContain('二维码生成中');
    expect(screen.queryByTestId('qr-download')).toBeNull();
    rerender(<QrCard url="https://wework.example/qr/1.png" name="门店活码" download={vi.fn()} />);
    const img = screen.getByTestId('qr-image');
    fireEvent.error(img);
    expect(screen.getByTestId('qr-broken').textContent).toContain('二维码加载失败');
  });

  it('downloads the PNG as 「name.png」 and copies the link', async () => {
    const createObjectURL = vi.fn(() => 'blob:qr');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.stubGlobal('isSecureContext', true);
    const blob = new Blob(['png'], { type: 'image/png' });
    const download = vi.fn(async () => blob);
    await renderWithProviders(<QrCard url="https://wework.example/qr/1.png" name="门店/活码" download={download} copyLink />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /下载二维码/ })));
    expect(download).toHaveBeenCalled();
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicks).toEqual(['门店_活码.png']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /复制链接/ })));
    expect(writeText).toHaveBeenCalledWith('https://wework.example/qr/1.png');
    click.mockRestore();
  });

  it('saveBlob names the file', () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: vi.fn() }));
    let name = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      name = this.download;
    });
    saveBlob(new Blob(['x']), 'a.png');
    expect(name).toBe('a.png');
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
  });
});

describe('RetentionTable', { timeout: 30_000 }, () => {
  it('shows kept (rate%) and 「—」 until measurable, with the explanation', async () => {
    expect(retentionText(8, 10)).toBe('8 (80.0%)');
    expect(retentionText(null, 10)).toBe('—');
    expect(retentionText(0, 0)).toBe('0');
    const list: RetentionRow[] = [
      { date: '2024-03-01', adds: 10, day1: 9, day7: 8, day30: null },
      { date: '2024-03-02', adds: 3, day1: 3, day7: null, day30: null },
    ];
    await renderWithProviders(<RetentionTable list={list} />);
    const rows = within(screen.getByTestId('retention-table')).getAllByRole('row');
    expect(rows[0]!.textContent).toContain('1 天后留存');
    expect(rows[0]!.textContent).toContain('30 天后留存');
    expect(rows[1]!.textContent).toBe('2024-03-01109 (90.0%)8 (80.0%)—');
    expect(rows[2]!.textContent).toBe('2024-03-0233 (100.0%)——');
    expect(screen.getByLabelText('当天添加的客户中，7 天后仍是好友的人数')).toBeTruthy();
  });
});

describe('OnlineBadge', { timeout: 30_000 }, () => {
  it('reads 接待中, or the reasons why not', async () => {
    await renderWithProviders(
      <>
        <OnlineBadge member={{ receiving: true, switchOn: true, offlineReasons: [] }} />
        <OnlineBadge member={{ receiving: false, switchOn: false, offlineReasons: ['已手动下线'] }} />
        <OnlineBadge member={{ receiving: false, switchOn: true, offlineReasons: ['今日已达上限', '不在上线时间'] }} />
      </>,
    );
    const [on, manual, capped] = screen.getAllByTestId('online-badge');
    expect(on!.textContent).toBe('接待中');
    expect(on!.querySelector('.ant-badge-status-success')).toBeTruthy();
    expect(manual!.textContent).toBe('已手动下线');
    expect(manual!.querySelector('.ant-badge-status-default')).toBeTruthy();
    expect(capped!.textContent).toBe('今日已达上限、不在上线时间');
    expect(capped!.querySelector('.ant-badge-status-warning')).toBeTruthy();
  });
});

describe('DayChart and DaySummary', { timeout: 30_000 }, () => {
  const day = (date: string, adds: number, lostByMember: number, lostByCustomer: number): DayFigures => ({
    date,
    adds,
    newCustomers: adds,
    lostByMember,
    lostByCustomer,
    net: adds - lostByMember - lostByCustomer,
  });

  it('shows an empty state without days, and four series otherwise', async () => {
    // jsdom lays nothing out and has no canvas: give the chart a size and ECharts a way to measure text.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(320);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ measureText: (t: string) => ({ width: t.length * 7 }) } as unknown as CanvasRenderingContext2D);
    const { rerender } = await renderWithProviders(<DayChart list={[]} />);
    expect(screen.getByTestId('day-chart-empty').textContent).toContain('所选时间内暂无数据');
    const list = [day('2024-03-01', 5, 1, 0), day('2024-03-02', 7, 0, 2)];
    const option = dayChartOption(list);
    const series = option.series as { name: string; data: number[] }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['添加', [5, 7]],
      ['净增', [4, 5]],
      ['被删除', [0, 2]],
      ['主动删除', [1, 0]],
    ]);
    rerender(<DayChart list={list} />);
    await settle();
    const svg = screen.getByTestId('day-chart').querySelector('svg')!;
    expect(svg).toBeTruthy();
    for (const name of ['添加', '净增', '被删除', '主动删除']) expect(svg.textContent).toContain(name);
  });

  it('sums up the range in four cards', async () => {
    await renderWithProviders(<DaySummary total={day('', 12, 1, 2)} />);
    expect(screen.getByTestId('day-summary-adds').textContent).toBe('添加客户12');
    expect(screen.getByTestId('day-summary-net').textContent).toBe('净增客户9');
    expect(screen.getByTestId('day-summary-lostByCustomer').textContent).toBe('客户删除成员2');
    expect(screen.getByTestId('day-summary-lostByMember').textContent).toBe('成员删除客户1');
  });
});

describe('FirstUse and NoMatch', { timeout: 30_000 }, () => {
  it('say what the page is for with the way to start, or that nothing matches with the way to clear the filters', async () => {
    const onClear = vi.fn();
    await renderWithProviders(
      <>
        <FirstUse icon={<span />} title="还没有渠道活码" hint="渠道活码是一张长期有效的二维码" action={<button>新建渠道活码</button>} data-testid="first" />
        <NoMatch text="没有符合条件的渠道活码" onClear={onClear} data-testid="none" />
      </>,
    );
    const first = screen.getByTestId('first');
    expect(first.textContent).toContain('还没有渠道活码');
    expect(first.textContent).toContain('渠道活码是一张长期有效的二维码');
    expect(within(first).getByRole('button', { name: '新建渠道活码' })).toBeTruthy();
    expect(screen.getByTestId('none').textContent).toContain('没有符合条件的渠道活码');
    fireEvent.click(within(screen.getByTestId('none')).getByRole('button', { name: '清除筛选' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
