// Business days, hours and weekly schedules in China time (UTC+8, no daylight saving): a cap "per day"
// turns at 00:00 Beijing time wherever the server runs. Pure functions of epoch milliseconds, shared
// by the server (caps, risk, statistics) and the web (labels, date pickers).
import { Type, type Static } from 'typebox';

export const CHINA_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

/** Start of the China-time day holding `t`. */
export const dayStart = (t: number): number => Math.floor((t + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
export const hourStart = (t: number): number => Math.floor(t / HOUR_MS) * HOUR_MS;

/** 'YYYY-MM-DD' of the China-time day holding `t`. */
export function dayKey(t: number): string {
  return new Date(t + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DDTHH' of the China-time hour holding `t`. */
export function hourKey(t: number): string {
  return new Date(t + CHINA_OFFSET_MS).toISOString().slice(0, 13);
}

/** Start (epoch ms) of a 'YYYY-MM-DD' day in China time; NaN when malformed. */
export function dayOf(key: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) return Number.NaN;
  return Date.parse(`${key}T00:00:00Z`) - CHINA_OFFSET_MS;
}

/** 1 = Monday … 7 = Sunday, in China time. */
export function weekdayOf(t: number): number {
  const d = new Date(t + CHINA_OFFSET_MS).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Minutes since 00:00 China time. */
export const minuteOfDay = (t: number): number => Math.floor((t - dayStart(t)) / 60_000);

/** 'HH:mm' (00:00–23:59) or '24:00' for the end of the day. */
export const TimeOfDay = Type.String({ pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$', maxLength: 5 });

/** On the given weekdays, from `start` to `end` (end not included). */
export const ScheduleRule = Type.Object({
  weekdays: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7 }),
  start: TimeOfDay,
  end: TimeOfDay,
});
export type ScheduleRule = Static<typeof ScheduleRule>;

/** Times a member is online; an empty schedule means always. */
export const WeeklySchedule = Type.Array(ScheduleRule, { maxItems: 20 });
export type WeeklySchedule = Static<typeof WeeklySchedule>;

export const WEEKDAY_LABEL: Record<number, string> = { 1: '周一', 2: '周二', 3: '周三', 4: '周四', 5: '周五', 6: '周六', 7: '周日' };

export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Why a schedule is unusable, in Chinese; null when it is fine. */
export function scheduleProblem(rules: WeeklySchedule): string | null {
  for (const r of rules) {
    if (minutesOf(r.start) >= minutesOf(r.end)) return `时间段 ${r.start}-${r.end} 的结束时间须晚于开始时间`;
    if (new Set(r.weekdays).size !== r.weekdays.length) return '同一时间段的星期不能重复';
  }
  return null;
}

/** Whether `t` falls in the schedule (an empty schedule is always on). */
export function withinSchedule(rules: WeeklySchedule, t: number): boolean {
  if (!rules.length) return true;
  const day = weekdayOf(t);
  const minute = minuteOfDay(t);
  return rules.some((r) => r.weekdays.includes(day) && minute >= minutesOf(r.start) && minute < minutesOf(r.end));
}

/**
 * The next moment after `t` at which `withinSchedule` changes, looking a week ahead (minute steps at
 * rule edges only); null when it never changes (empty schedule, or on all the time).
 */
export function nextScheduleChange(rules: WeeklySchedule, t: number): number | null {
  if (!rules.length) return null;
  const now = withinSchedule(rules, t);
  const base = dayStart(t);
  const edges: number[] = [];
  for (let d = 0; d <= 7; d++) {
    const day = base + d * DAY_MS;
    for (const r of rules) {
      edges.push(day + minutesOf(r.start) * 60_000, day + minutesOf(r.end) * 60_000);
    }
  }
  edges.sort((a, b) => a - b);
  for (const e of edges) if (e > t && withinSchedule(rules, e) !== now) return e;
  return null;
}

/** A readable summary, e.g. 「周一至周五 09:00-18:00」. */
export function describeSchedule(rules: WeeklySchedule): string {
  if (!rules.length) return '全天在线';
  return rules
    .map((r) => {
      const days = [...r.weekdays].sort((a, b) => a - b);
      const run = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
      const label = run ? `${WEEKDAY_LABEL[days[0]!]}至${WEEKDAY_LABEL[days[days.length - 1]!]}` : days.map((d) => WEEKDAY_LABEL[d]).join('、');
      return `${label} ${r.start}-${r.end}`;
    })
    .join('；');
}
