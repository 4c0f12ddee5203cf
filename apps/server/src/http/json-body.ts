// JSON bodies may not carry NUL characters (U+0000): PostgreSQL cannot store them in text and no field
// of ours needs one, so a body holding one is refused as a whole before any handler runs (a 400, the
// same on both databases, and nothing half written).
import { AppError } from './errors.js';

/** Whether a parsed JSON value holds U+0000 in any string or key. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

export const nulRefused = () => new AppError(400, '参数错误：内容不能包含空字符（\\u0000）');

/** Wraps a content-type parser's `done`: a body holding U+0000 becomes a 400. */
export function refuseNul(done: (err: Error | null, body?: unknown) => void) {
  return (err: Error | null, body?: unknown) => {
    if (err) return done(err);
    if (holdsNul(body)) return done(nulRefused());
    return done(null, body);
  };
}
