import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateRangeFilter, daysIn, lastDays, thisMonth } from './date-range-filter';
import { renderWithProviders, settle } from './test-helpers';

// 2024-03-05 00:30 in China is still 2024-03-04 in UTC: the days must be China's.
const EARLY_MORNING_IN_CHINA = Date.parse('2024-03-04T16:30:00Z');

describe('China-day ranges', () => {
  it('counts the last n days up to today in China time', () => {
    expect(lastDays(1, EARLY_MORNING_IN_CHINA)).toEqual({ start: '2024-03-05', end: '2024-03-05' });
    expect(lastDays(7, EARLY_MORNING_IN_CHINA)).toEqual({ start: '2024-02-28', end: '2024-03-05' });
    expect(lastDays(30, EARLY_MORNING_IN_CHINA)).toEqual({ start: '2024-02-05', end: '2024-03-05' });
    expect(thisMonth(EARLY_MORNING_IN_CHINA)).toEqual({ start: '2024-03-01', end: '2024-03-05' });
    expect(daysIn(lastDays(30, EARLY_MORNING_IN_CHINA))).toBe(30);
  });
});

describe('DateRangeFilter', { timeout: 30_000 }, () => {
  it('starts at the last 7 days and applies each preset', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<DateRangeFilter onChange={onChange} />);
    const [start, end] = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect([start!.value, end!.value]).toEqual([lastDays(7).start, lastDays(7).end]);

    for (const [label, expected] of [
      ['近30天', lastDays(30)],
      ['今天', lastDays(1)],
      ['本月', thisMonth()],
      ['近7天', lastDays(7)],
    ] as const) {
      fireEvent.mouseDown(start!);
      fireEvent.click(start!);
      await settle();
      fireEvent.click(screen.getAllByText(label).at(-1)!);
      await settle();
      expect(onChange).toHaveBeenLastCalledWith(expected);
      expect([start!.value, end!.value]).toEqual([expected.start, expected.end]);
    }
  });

  it('follows a controlled value', async () => {
    await renderWithProviders(<DateRangeFilter value={{ start: '2024-01-01', end: '2024-01-31' }} />);
    const [start, end] = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect([start!.value, end!.value]).toEqual(['2024-01-01', '2024-01-31']);
  });
});
