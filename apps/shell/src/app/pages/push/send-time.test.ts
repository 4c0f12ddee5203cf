import { describe, expect, it } from 'vitest';
import { dayDisabled, instantOf, sendAtProblem, wallOf } from './send-time';

const DAY = 86_400_000;

describe('the send time in China time', () => {
  it('shows an instant as the Beijing wall clock and reads it back', () => {
    const t = Date.parse('2026-11-27T02:30:00Z'); // 10:30 in Beijing
    expect(wallOf(t).format('YYYY-MM-DD HH:mm')).toBe('2026-11-27 10:30');
    expect(instantOf(wallOf(t))).toBe(t);
  });

  it('refuses a time in the past or more than 30 days ahead', () => {
    const now = Date.parse('2026-11-27T02:30:00Z');
    expect(sendAtProblem(now - 60_000, now)).toBe('发送时间不能早于现在');
    expect(sendAtProblem(now + 31 * DAY, now)).toBe('发送时间最多为 30 天内');
    expect(sendAtProblem(now + 3 * DAY, now)).toBeNull();
    expect(dayDisabled(wallOf(now - DAY), now)).toBe(true);
    expect(dayDisabled(wallOf(now), now)).toBe(false);
    expect(dayDisabled(wallOf(now + 31 * DAY), now)).toBe(true);
  });
});
