// A scheduled send in China time whatever the browser's zone: the date picker shows and edits the
// Beijing wall clock ('YYYY-MM-DD HH:mm' read as local by dayjs), the API takes epoch ms.
import dayjs, { type Dayjs } from 'dayjs';
import { CHINA_OFFSET_MS, DAY_MS } from '@scrm/contracts/china-time';
import { PUSH_SCHEDULE_MAX_DAYS } from '@scrm/contracts/push';
import { T } from './texts';

/** The picker's value for an instant: its Beijing wall clock. */
export const wallOf = (t: number): Dayjs => dayjs(new Date(t + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' '));

/** The instant of a picker value (a Beijing wall clock), to the minute. */
export const instantOf = (wall: Dayjs): number => Date.parse(`${wall.format('YYYY-MM-DDTHH:mm')}:00Z`) - CHINA_OFFSET_MS;

/** Why `at` cannot be the send time (null when fine): not in the past, at most 30 days ahead. */
export function sendAtProblem(at: number, now: number): string | null {
  if (at < now) return T.sendAtPast;
  if (at > now + PUSH_SCHEDULE_MAX_DAYS * DAY_MS) return T.sendAtTooFar(PUSH_SCHEDULE_MAX_DAYS);
  return null;
}

/** Days the picker greys out (before today, after the last allowed day), in Beijing days. */
export function dayDisabled(day: Dayjs, now: number): boolean {
  const today = wallOf(now).startOf('day');
  return day.isBefore(today, 'day') || day.isAfter(wallOf(now + PUSH_SCHEDULE_MAX_DAYS * DAY_MS), 'day');
}
