// Times shown in China time whatever the browser's zone, so they agree with the server's day keys.
import { CHINA_OFFSET_MS } from '@scrm/contracts/china-time';

/** 'YYYY-MM-DD HH:mm:ss' in China time; 「—」 for null. */
export function formatTime(t: number | null | undefined): string {
  if (t == null || !Number.isFinite(t)) return '—';
  return new Date(t + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** UTF-8 bytes of `text` (WeCom counts message limits in bytes). */
export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;
