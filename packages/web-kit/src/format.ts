// The console's one way to show a time: China time whatever the browser's zone, so times agree with
// the server's day keys.
import { CHINA_OFFSET_MS } from '@scrm/contracts/china-time';

/** 'YYYY-MM-DD HH:mm:ss' in China time; 「—」 for null. */
export function formatTime(t: number | null | undefined): string {
  if (t == null || !Number.isFinite(t)) return '—';
  return new Date(t + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** 'YYYY-MM-DD HH:mm' in China time; 「—」 for null. */
export const formatMinute = (t: number | null | undefined): string => formatTime(t).slice(0, 16);
