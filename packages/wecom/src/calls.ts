// What the API parts share: how a call and a token are described, cursor paging, uploads, and the base
// every CorpApi part builds on. Internal to the package (the public surface is client.ts).
import { createHash } from 'node:crypto';
import { WecomError } from './errors';
import type { Paged, WecomResponse } from './wire/common';
import type { UploadFile } from './wire/media';

export type Query = Record<string, string | number | undefined>;

/** How one kind of token is obtained and how WeCom says it is no longer good. */
export interface TokenSource {
  key: string;
  /** Query parameter that carries it. */
  param: 'access_token' | 'suite_access_token' | 'provider_access_token';
  /** errcodes meaning "this token is invalid/expired": drop, refresh once, retry. */
  invalid: readonly number[];
  fetch: () => Promise<{ token: string; expiresIn: number }>;
}

export interface CallSpec {
  /** Limiter and onCall key. */
  corpId: string;
  path: string;
  method: 'GET' | 'POST';
  query?: Query;
  /** JSON body of a POST. */
  body?: unknown;
  /** Multipart body instead, rebuilt on every try. */
  form?: () => FormData;
  token?: TokenSource;
}

export const CORP_TOKEN_INVALID = [40014, 42001] as const;
export const SUITE_TOKEN_INVALID = [40082, 42009] as const;

/** A short fingerprint of a secret, so a token cache key never holds the secret itself. */
export function digest(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 24);
}

/** Follows next_cursor to the end; a cursor seen twice is an error rather than an endless loop. */
export async function allPages<P extends Paged>(path: string, page: (cursor: string) => Promise<P>): Promise<P[]> {
  const pages: P[] = [];
  const seen = new Set<string>();
  let cursor = '';
  for (;;) {
    const p = await page(cursor);
    pages.push(p);
    const next = p.next_cursor;
    if (!next || p.has_more === 0) return pages;
    if (seen.has(next)) throw new WecomError(-1, `cursor repeated: ${next}`, path);
    seen.add(next);
    cursor = next;
  }
}

/** The last page, carrying the `key` list of every page and no further cursor. */
export function merged<P extends Paged, K extends keyof P>(pages: P[], key: K): P {
  const last = pages[pages.length - 1];
  const all = pages.flatMap((p) => (p[key] as unknown[] | undefined) ?? []);
  return { ...last, [key]: all, next_cursor: '', ...(last.has_more === undefined ? {} : { has_more: 0 }) };
}

export function uploadForm(file: UploadFile): () => FormData {
  return () => {
    const form = new FormData();
    // Copied so the part is backed by a plain ArrayBuffer (what Blob accepts).
    const blob = new Blob([new Uint8Array(file.data)], { type: file.contentType ?? 'application/octet-stream' });
    form.append('media', blob, file.name);
    return form;
  };
}

/**
 * What a part of CorpApi calls through: one corp, its access_token on every call. Each WeCom domain
 * (corp/*.ts) extends this with its methods; CorpApi (corp.ts) implements it and takes every part's methods.
 */
export abstract class CorpCalls {
  protected abstract get<T extends WecomResponse>(path: string, query?: Query): Promise<T>;
  protected abstract post<T extends WecomResponse>(path: string, body: unknown, query?: Query): Promise<T>;
  /** A multipart POST of one file in the field `media`. */
  protected abstract upload<T extends WecomResponse>(path: string, query: Query, file: UploadFile): Promise<T>;

  /** ∞ POSTs `body` with every next_cursor in turn; one answer with the `key` list of every page. */
  protected async postAll<P extends WecomResponse & Paged>(path: string, key: keyof P, body: object): Promise<P> {
    return merged(await allPages(path, (cursor) => this.post<P>(path, { ...body, cursor })), key);
  }
}
