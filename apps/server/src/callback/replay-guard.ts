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

export class CallbackReplayGuard {
  constructor(
    private readonly nonces: CallbackNonceRepository,
    private readonly now: () => number = Date.now,
  ) {}

  private static key(t: SignedTriple): string {
    return createHash('sha256').update(`${t.kind}\n${t.signature.toLowerCase()}\n${t.timestamp}\n${t.nonce}`).digest('hex');
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
    const at = this.fresh(t.timestamp);
    if (!(await this.nonces.insertOnce(CallbackReplayGuard.key(t), at + CALLBACK_WINDOW_MS + KEEP_MARGIN_MS))) throw new AppError(403, '重复的回调请求（已处理过）');
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
