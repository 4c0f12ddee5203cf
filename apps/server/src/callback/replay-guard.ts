// Freshness of signed callbacks (WeCom and the official account): the request's timestamp must be
// within 5 minutes of our clock, and a signed request is accepted once. Checked after the signature,
// so only genuine requests are recorded. Seen requests live in the database (callback_nonce), so
// several server processes share them; the unique key decides which process took a request first.
//
// Redeliveries: WeCom and WeChat resend an event they got no timely answer for. A resend signed
// afresh (new timestamp and nonce, as the simulator does) passes and is deduplicated by its event
// key. A resend of the very same request is refused — its first delivery was accepted and stored,
// so nothing is lost; if handling the first delivery failed, `release` forgets it so a resend passes.
// Seen requests are removed by the daily cleanup job once their timestamps can no longer pass.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../db/tables.js';
import { AppError } from '../http/errors.js';
import type { CallbackNonceRepository } from './callback-nonce.repository.js';

/** How far a callback's timestamp may be from our clock, either way. */
export const CALLBACK_WINDOW_MS = 5 * 60_000;
/** A seen request is kept this long after its timestamp leaves the window (clock steps, slow requests). */
const KEEP_MARGIN_MS = 60_000;

export interface SignedTriple {
  kind: 'wecom' | 'gzh' | 'pay';
  signature: string;
  timestamp: string;
  nonce: string;
}

/** A verified request's claim, checked fresh, to be recorded with others (`claimMany`). */
export interface ReplayTicket {
  key: string;
  expiresAt: number;
}

const replayed = () => new AppError(403, '重复的回调请求（已处理过）');

export class CallbackReplayGuard {
  constructor(
    private readonly nonces: CallbackNonceRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * 64 characters: the timestamp (12 digits), then 52 of the request's SHA-256 in hex. Led by the time, a
   * batch of new keys goes in at the end of the key's B-tree, in a page or two; keys led by the digest went
   * one to a page anywhere in it, a third of the pages a SQLite intake batch wrote to its log.
   */
  private static key(t: SignedTriple): string {
    const digest = createHash('sha256').update(`${t.kind}\n${t.signature.toLowerCase()}\n${t.timestamp}\n${t.nonce}`).digest('hex');
    return t.timestamp.padStart(12, '0') + digest.slice(0, 52);
  }

  /** The timestamp in ms when it is a plain number of seconds within the window; otherwise refused. */
  private fresh(timestamp: string): number {
    const at = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : NaN;
    if (!Number.isFinite(at) || Math.abs(this.now() - at) > CALLBACK_WINDOW_MS) {
      throw new AppError(403, '回调已过期：时间戳与服务器时间相差超过 5 分钟');
    }
    return at;
  }

  /** Accepts a verified request once: a stale timestamp or a request already seen is a 403. */
  async claim(t: SignedTriple): Promise<void> {
    const { key, expiresAt } = this.ticket(t);
    if (!(await this.nonces.insertOnce(key, expiresAt))) throw replayed();
  }

  /** A fresh request's ticket (a stale timestamp is a 403 at once); claimed later with others. */
  ticket(t: SignedTriple): ReplayTicket {
    const at = this.fresh(t.timestamp);
    return { key: CallbackReplayGuard.key(t), expiresAt: at + CALLBACK_WINDOW_MS + KEEP_MARGIN_MS };
  }

  /**
   * Claims tickets in the caller's transaction (undone with it): for each, null when it is accepted —
   * its request was not seen before, and it is the first of these to carry it — else the 403 to answer.
   */
  async claimMany(tickets: ReplayTicket[], trx: Transaction<DB>): Promise<Array<AppError | null>> {
    const first = new Map<string, ReplayTicket>();
    for (const t of tickets) if (!first.has(t.key)) first.set(t.key, t);
    const recorded = await this.nonces.insertMany([...first.values()], trx);
    return tickets.map((t) => (first.get(t.key) === t && recorded.has(t.key) ? null : replayed()));
  }

  /** Forgets a claimed request whose handling failed, so the sender's resend is accepted. */
  async release(t: SignedTriple): Promise<void> {
    await this.nonces.delete(CallbackReplayGuard.key(t));
  }

  /** Runs `handle` for a request accepted once; releases the request when `handle` throws. */
  async once<T>(t: SignedTriple, handle: () => Promise<T>): Promise<T> {
    await this.claim(t);
    try {
      return await handle();
    } catch (err) {
      await this.release(t).catch(() => {});
      throw err;
    }
  }

  /** Daily cleanup: seen requests whose timestamps can no longer pass. */
  async purge(now: number): Promise<void> {
    await this.nonces.deleteExpired(now);
  }
}
