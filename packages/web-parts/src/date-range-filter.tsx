// A range of China-time days ('YYYY-MM-DD', as the server counts them) with the usual presets.
import { useState, type CSSProperties } from 'react';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY_MS, dayKey, dayStart } from '@scrm/contracts/china-time';
import { T } from './texts';

/** Both ends included. */
export interface DateRange {
  start: string;
  end: string;
}

/** The last `n` China-time days up to and including today, e.g. lastDays(7). */
export function lastDays(n: number, now = Date.now()): DateRange {
  const today = dayStart(now);
  return { start: dayKey(today - (Math.max(n, 1) - 1) * DAY_MS), end: dayKey(today) };
}

/** From the 1st of this China-time month to today. */
export function thisMonth(now = Date.now()): DateRange {
  const today = dayKey(now);
  return { start: `${today.slice(0, 8)}01`, end: today };
}

/** Days in a range, both ends counted. */
export const daysIn = (range: DateRange): number => Math.round((Date.parse(range.end) - Date.parse(range.start)) / DAY_MS) + 1;

const toDayjs = (key: string): Dayjs => dayjs(key);
const pair = (r: DateRange): [Dayjs, Dayjs] => [toDayjs(r.start), toDayjs(r.end)];

export interface DateRangeFilterProps {
  /** Controlled; omitted: starts at the last 7 days. */
  value?: DateRange;
  onChange?: (range: DateRange) => void;
  /** Longest range the operator may pick (e.g. what the server allows); omitted: no limit. */
  maxDays?: number;
  disabled?: boolean;
  /** Presets 「近N天」 for these N instead of 今天 / 近7天 / 近30天 / 本月. */
  presetDays?: number[];
  style?: CSSProperties;
  'data-testid'?: string;
}

/** RangePicker of China days with presets 今天 / 近7天 / 近30天 / 本月; future days are disabled. */
export function DateRangeFilter({ value, onChange, maxDays, disabled, presetDays, style, ...rest }: DateRangeFilterProps) {
  const [own, setOwn] = useState<DateRange>(() => lastDays(7));
  const range = value ?? own;
  const change = (next: DateRange) => {
    if (!value) setOwn(next);
    onChange?.(next);
  };
  // Presets are worked out when chosen, so a page left open past midnight still means "today".
  const presets = presetDays
    ? presetDays.filter((n) => !maxDays || n <= maxDays).map((n) => ({ label: T.range.lastDays(n), value: () => pair(lastDays(n)) }))
    : [
        { label: T.range.today, value: () => pair(lastDays(1)) },
        { label: T.range.last7, value: () => pair(lastDays(7)) },
        ...(!maxDays || maxDays >= 30 ? [{ label: T.range.last30, value: () => pair(lastDays(30)) }] : []),
        ...(!maxDays || maxDays >= 31 ? [{ label: T.range.thisMonth, value: () => pair(thisMonth()) }] : []),
      ];

  return (
    // The test id on a wrapper: antd would copy it onto both inputs.
    <span data-testid={rest['data-testid'] ?? 'date-range-filter'} style={{ display: 'inline-block' }}>
    <DatePicker.RangePicker
      value={pair(range)}
      allowClear={false}
      disabled={disabled}
      style={style}
      presets={presets}
      placeholder={[T.range.start, T.range.end]}
      disabledDate={(d, info) => {
        const key = d.format('YYYY-MM-DD');
        if (key > dayKey(Date.now())) return true;
        if (maxDays && info.from) return Math.abs(d.diff(info.from, 'day')) >= maxDays;
        return false;
      }}
      onChange={(dates) => {
        const [s, e] = dates ?? [];
        if (s && e) change({ start: s.format('YYYY-MM-DD'), end: e.format('YYYY-MM-DD') });
      }}
    />
    </span>
  );
}
