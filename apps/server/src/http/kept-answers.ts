// Answers kept between requests. A route declared `keep: true` (a list the console opens first) answers a
// repeat of a call — the same account, X-Work-Id, body and query string — with the answer it gave, while
// no data can have changed since in any process: the database's change mark (db/database.ts) read before
// the handler ran must still be the current one. So a write anywhere (this process, another server, a
// script) is seen by the next call, whatever table it touched. The mark is read before the handler: a
// write during the handler's reads moves it, and the answer, which may or may not hold that write, is not
// served again. An answer is also kept at most KEEP_MS (what reads the time: a code's expiry, "today"),
// and the test clock's offset is part of the key (moving it reads afresh).
//
// A repeat is answered before validation and the work-space hook: it is a call that was validated and
// answered 200 before, for the same caller and work space, and whatever decided who may read that work
// space (accounts, children's work spaces, work spaces) is data the mark covers. The auth hook and the
// XSRF check run first as for every call, so a logged-out token or a child whose key was removed is
// refused as before.
import type { FastifyRequest, onResponseAsyncHookHandler, onSendAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import type { Api } from './types.js';

/** The longest an answer is served again (for what reads the time rather than the data). */
export const KEEP_MS = 1_000;

/** A call waits at most this long for the same call being read (then reads for itself). */
const READ_WAIT_MS = 10_000;

/** At most this many bytes of answers kept per process, the oldest dropped first. */
const MAX_BYTES = 32 * 1024 * 1024;

interface Kept {
  body: Buffer;
  mark: string;
  until: number;
}

interface Reading {
  mark: string;
  since: number;
  answer: Promise<Buffer | undefined>;
  done(body: Buffer | undefined): void;
}

export class KeptAnswers {
  private readonly answers = new Map<string, Kept>();
  /** Calls reading an answer now: the same call arriving meanwhile waits for theirs. */
  private readonly reading = new Map<string, Reading>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** The answer kept for `key` at change mark `mark`, if it is still young. */
  get(key: string, mark: string, now: number): Buffer | undefined {
    const kept = this.answers.get(key);
    if (!kept) return undefined;
    if (kept.mark !== mark || kept.until <= now) {
      this.drop(key, kept);
      return undefined;
    }
    return kept.body;
  }

  /**
   * The answer of a call reading `key` at `mark` now (undefined when it fails), or undefined when none
   * is: then this call reads it, and the same calls that arrive meanwhile wait for it (`done`). When a
   * kept answer grows old, the fifty connections asking for it are answered by one read, not fifty.
   */
  readBy(key: string, mark: string, now: number): Promise<Buffer | undefined> | undefined {
    const reading = this.reading.get(key);
    if (reading && reading.mark === mark && now - reading.since < READ_WAIT_MS) return reading.answer;
    // A reading of older data (or one that never ended): its waiters read for themselves, and this call
    // reads for those that come after it.
    reading?.done(undefined);
    let done!: (body: Buffer | undefined) => void;
    const answer = new Promise<Buffer | undefined>((resolve) => (done = resolve));
    this.reading.set(key, { mark, since: now, answer, done });
    return undefined;
  }

  /** The reading call's answer (`body` undefined unless it was a 200): kept, and given to who waits. */
  done(key: string, mark: string, body: Buffer | undefined, now: number): void {
    const reading = this.reading.get(key);
    if (reading?.mark === mark) {
      this.reading.delete(key);
      reading.done(body);
    }
    if (body) this.keep(key, body, mark, now);
  }

  /** Keeps `body` for `key`, answered from data as of change mark `mark`. */
  keep(key: string, body: Buffer, mark: string, now: number): void {
    const old = this.answers.get(key);
    if (old) this.drop(key, old);
    if (body.length > this.maxBytes) return;
    this.answers.set(key, { body, mark, until: now + KEEP_MS });
    this.bytes += body.length;
    for (const [oldest, kept] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, kept);
    }
  }

  get size(): number {
    return this.answers.size;
  }

  private drop(key: string, kept: Kept): void {
    this.answers.delete(key);
    this.bytes -= kept.body.length;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A `keep: true` route's call that was not a repeat: where its answer is kept. */
    keptAs: { key: string; mark: string } | null;
  }
}

function keyOf(request: FastifyRequest, clockOffset: number): string {
  const workId = request.headers['x-work-id'];
  return [
    request.method,
    request.routeOptions.url,
    request.auth!.accountId,
    typeof workId === 'string' ? workId : '',
    JSON.stringify(request.body ?? null),
    JSON.stringify(request.query ?? null),
    clockOffset,
  ].join('\0');
}

/**
 * Hooks on each `keep: true` route of the /api scope (added as routes are registered, so no other route
 * pays for them; they run after the scope's auth hook): a repeat is answered in preValidation (from what
 * is kept, or by waiting for the same call being read), and a read answer is kept in onSend (as the bytes
 * sent; onResponse ends a reading whose answer was never sent).
 */
export function registerKeptAnswers(api: Api, opts: { answers: KeptAnswers; changeMark: () => Promise<string>; clockOffset: () => number }): void {
  const { answers } = opts;
  const json = 'application/json; charset=utf-8';
  api.decorateRequest('keptAs', null);
  const lookup: preValidationAsyncHookHandler = async (request, reply) => {
    if (!request.auth) return;
    const key = keyOf(request, opts.clockOffset());
    const mark = await opts.changeMark();
    const now = Date.now();
    const kept = answers.get(key, mark, now);
    if (kept) return reply.type(json).send(kept);
    const waiting = answers.readBy(key, mark, now);
    if (!waiting) {
      request.keptAs = { key, mark };
      return;
    }
    const answer = await waiting;
    // The call read failed (its own error is its own): this one reads for itself.
    if (answer) return reply.type(json).send(answer);
  };
  const keep: onSendAsyncHookHandler = async (request, reply, payload) => {
    const at = request.keptAs;
    if (!at) return payload;
    request.keptAs = null;
    const body = reply.statusCode === 200 && typeof payload === 'string' ? Buffer.from(payload) : undefined;
    answers.done(at.key, at.mark, body, Date.now());
    return body ?? payload;
  };
  const end: onResponseAsyncHookHandler = async (request) => {
    const at = request.keptAs;
    if (at) answers.done(at.key, at.mark, undefined, Date.now());
  };
  const listOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
  api.addHook('onRoute', (route) => {
    if (!route.config?.keep) return;
    route.preValidation = [...listOf(route.preValidation), lookup];
    route.onSend = [...listOf(route.onSend), keep];
    route.onResponse = [...listOf(route.onResponse), end];
  });
}
