// Pushes encrypted callbacks as WeCom does: `POST url?msg_signature&timestamp&nonce` with
// `<xml><ToUserName/><Encrypt/><AgentID/></xml>`; an attempt counts as acknowledged on HTTP 200
// within the timeout, otherwise it is sent again, up to `retries` more times. Every push is logged.
import type { FastifyBaseLogger } from 'fastify';
import { WecomCrypto } from '@scrm/wecom/crypto';
import type { Faults } from '../faults/faults.js';
import { send } from '../outbound.js';

export interface CallbackTarget {
  url: string;
  token: string;
  encodingAesKey: string;
  /** corpid for corp events, suite id for provider instruction events. */
  receiveId: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'dropped';

export interface Delivery {
  id: number;
  corpId: string;
  /** corp (the corp's own app callback), suite, template. */
  target: 'corp' | 'suite' | 'template';
  event: string;
  url: string;
  attempts: number;
  status: DeliveryStatus;
  duplicated: boolean;
  createdAt: number;
  lastError?: string;
  xml: string;
}

export interface DelivererOptions {
  /** Per attempt (WeCom: 5 s). */
  timeoutMs: number;
  /** Further attempts after the first (WeCom: 3). */
  retries: number;
  faults: Faults;
  log: FastifyBaseLogger;
}

const MAX_LOG = 2000;

export class Deliverer {
  log: Delivery[] = [];
  private seq = 0;
  private inflight = new Set<Promise<void>>();

  constructor(readonly opts: DelivererOptions) {}

  /** Starts the push and returns its log entry at once. */
  push(input: { corpId: string; target: Delivery['target']; event: string; xml: string; to: CallbackTarget }): Delivery {
    const d: Delivery = {
      id: ++this.seq,
      corpId: input.corpId,
      target: input.target,
      event: input.event,
      url: input.to.url,
      attempts: 0,
      status: 'pending',
      duplicated: false,
      createdAt: Date.now(),
      xml: input.xml,
    };
    this.log.unshift(d);
    if (this.log.length > MAX_LOG) this.log.length = MAX_LOG;
    if (this.opts.faults.take('drop-callback', input.corpId)) {
      d.status = 'dropped';
      return d;
    }
    const dup = !!this.opts.faults.take('dup-callback', input.corpId);
    const run = this.run(d, input.to, dup).finally(() => this.inflight.delete(run));
    this.inflight.add(run);
    return d;
  }

  /** Resolves when every push under way has finished. */
  async idle() {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  clear() {
    this.log = [];
  }

  private async run(d: Delivery, to: CallbackTarget, dup: boolean) {
    const crypto = new WecomCrypto({ token: to.token, encodingAesKey: to.encodingAesKey, receiveId: to.receiveId });
    for (let attempt = 0; attempt <= this.opts.retries; attempt++) {
      d.attempts++;
      if (await this.attempt(d, crypto, to.url)) {
        d.status = 'delivered';
        if (dup) {
          d.duplicated = true;
          d.attempts++;
          await this.attempt(d, crypto, to.url);
        }
        return;
      }
    }
    d.status = 'failed';
  }

  private async attempt(d: Delivery, crypto: WecomCrypto, url: string): Promise<boolean> {
    const sealed = crypto.seal(d.xml);
    const target = new URL(url);
    for (const [k, v] of Object.entries(sealed.query)) target.searchParams.set(k, v);
    try {
      const res = await send({ url: target, method: 'POST', body: sealed.xml, contentType: 'text/xml', timeoutMs: this.opts.timeoutMs, idempotent: true });
      if (res.status === 200) return true;
      d.lastError = `HTTP ${res.status}`;
    } catch (err) {
      d.lastError = (err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message;
    }
    this.opts.log.warn({ delivery: d.id, attempt: d.attempts, error: d.lastError }, 'wecom callback not acknowledged');
    return false;
  }
}

/** GET verification of a callback URL, as WeCom does when an admin saves it. */
export async function verifyCallbackUrl(to: CallbackTarget, timeoutMs: number): Promise<boolean> {
  const crypto = new WecomCrypto({ token: to.token, encodingAesKey: to.encodingAesKey, receiveId: to.receiveId });
  const echo = String(Math.floor(Math.random() * 1e18));
  const sealed = crypto.seal(echo);
  const target = new URL(to.url);
  target.searchParams.set('msg_signature', sealed.query.msg_signature);
  target.searchParams.set('timestamp', sealed.query.timestamp);
  target.searchParams.set('nonce', sealed.query.nonce);
  target.searchParams.set('echostr', sealed.encrypt);
  try {
    const res = await send({ url: target, method: 'GET', timeoutMs, idempotent: true });
    return res.status === 200 && res.text === echo;
  } catch {
    return false;
  }
}
