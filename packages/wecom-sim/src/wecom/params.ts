// Reading WeCom request parameters: wrong or missing values answer WeCom's errcodes.
import { fail, MSG } from './errors.js';

export function str(v: unknown, name: string, o: { required?: boolean; max?: number; code?: number } = {}): string {
  if (v === undefined || v === null || v === '') {
    if (o.required) fail(o.code ?? 40058, MSG.param(`${name} is required`));
    return '';
  }
  if (typeof v !== 'string') fail(o.code ?? 40058, MSG.param(`${name} must be a string`));
  const s = v as string;
  if (o.max !== undefined && [...s].length > o.max) fail(40058, MSG.param(`${name} exceeds ${o.max} characters`));
  return s;
}

export function int(v: unknown, name: string, o: { min?: number; max?: number; def?: number; code?: number } = {}): number {
  if (v === undefined || v === null || v === '') {
    if (o.def !== undefined) return o.def;
    fail(o.code ?? 40058, MSG.param(`${name} is required`));
  }
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) return fail(o.code ?? 40058, MSG.param(`${name} must be an integer`));
  if ((o.min !== undefined && n < o.min) || (o.max !== undefined && n > o.max)) {
    fail(o.code ?? 40058, MSG.param(`${name} out of range [${o.min ?? ''}, ${o.max ?? ''}]`));
  }
  return n;
}

export function strList(v: unknown, name: string, o: { max?: number; maxCode?: number; required?: boolean } = {}): string[] {
  if (v === undefined || v === null) {
    if (o.required) fail(40058, MSG.param(`${name} is required`));
    return [];
  }
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return fail(40058, MSG.param(`${name} must be a list of strings`));
  if (o.required && !v.length) fail(40058, MSG.param(`${name} is empty`));
  if (o.max !== undefined && v.length > o.max) fail(o.maxCode ?? 40058, MSG.param(`${name} has more than ${o.max} items`));
  return v as string[];
}

export function bool(v: unknown, def: boolean): boolean {
  if (v === undefined || v === null) return def;
  return v === true || v === 1 || v === '1' || v === 'true';
}

/** Cursors are opaque to callers: a position, encoded. */
export function encodeCursor(pos: number): string {
  return Buffer.from(`sim:${pos}`).toString('base64url');
}

export function decodeCursor(v: unknown): number {
  if (v === undefined || v === null || v === '') return 0;
  if (typeof v !== 'string') return fail(40058, MSG.param('cursor'));
  const m = /^sim:(\d+)$/.exec(Buffer.from(v, 'base64url').toString());
  if (!m) return fail(40058, MSG.param('invalid cursor'));
  return Number(m[1]);
}

/** One page of a list: the items and the cursor of the next page ('' at the end). */
export function page<T>(all: readonly T[], cursor: unknown, limit: number): { items: T[]; next: string } {
  const start = decodeCursor(cursor);
  const items = all.slice(start, start + limit);
  return { items, next: start + limit < all.length ? encodeCursor(start + limit) : '' };
}
