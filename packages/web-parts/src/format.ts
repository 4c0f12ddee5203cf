// The time format lives in web-kit (the apps without web-parts show times too).
export { formatTime } from '@scrm/web-kit';

/** UTF-8 bytes of `text` (WeCom counts message limits in bytes). */
export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;
