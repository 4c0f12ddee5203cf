// The signature of the simulated payment protocol: HMAC-SHA256 with the merchant key over
// `timestamp \n nonce \n body` (notifications) or `METHOD \n path \n timestamp \n nonce \n body`
// (our requests to the provider), hex. Compared in constant time.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const sign = (key: string, parts: string[]): string => createHmac('sha256', key).update(parts.join('\n')).digest('hex');

export function signatureMatches(key: string, parts: string[], given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(sign(key, parts), 'hex'), Buffer.from(given, 'hex'));
}

export const nonce = (): string => randomBytes(12).toString('hex');
