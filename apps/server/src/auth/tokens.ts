// Opaque bearer tokens: 32 random bytes handed out once, only their SHA-256 kept.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Constant-time equality of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
