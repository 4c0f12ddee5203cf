// Where SMS messages go: the simulator's outbox, or (development only) the server log.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../http/errors.js';
import { simulatorAuth } from './simulator.js';

export interface SmsSender {
  send(phone: string, content: string): Promise<void>;
}

const sendFailed = () => new AppError(502, '短信发送失败，请稍后重试');

/** Posts to the simulator's `/sms/send`, which keeps an outbox people and tests can read. */
export class SimSmsSender implements SmsSender {
  constructor(
    private readonly simUrl: string,
    private readonly simToken: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(phone: string, content: string): Promise<void> {
    try {
      const res = await fetch(`${this.simUrl}/sms/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...simulatorAuth(this.simToken) },
        body: JSON.stringify({ phone, content }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as { errcode?: number; errmsg?: string };
      if (!res.ok || body.errcode !== 0) throw new Error(`sim sms: HTTP ${res.status} ${body.errcode} ${body.errmsg}`);
    } catch (err) {
      this.log.error({ err }, 'sms send failed');
      throw sendFailed();
    }
  }
}

/**
 * A real SMS gateway behind a small relay of your own (SMS_PROVIDER=http): POST `{phone, content}` as
 * JSON to SMS_HTTP_URL, with `Authorization: Bearer SMS_HTTP_TOKEN` when set; any 2xx answer is sent.
 */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly target: { url: string; token: string | undefined },
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(phone: string, content: string): Promise<void> {
    try {
      const res = await fetch(this.target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.target.token ? { authorization: `Bearer ${this.target.token}` } : {}) },
        body: JSON.stringify({ phone, content }),
        signal: AbortSignal.timeout(10_000),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    } catch (err) {
      this.log.error({ err: { message: (err as Error).message } }, 'sms send failed');
      throw sendFailed();
    }
  }
}

/** Writes the message to the server log. For development without the simulator only. */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(phone: string, content: string): Promise<void> {
    this.log.warn({ phone, content }, 'SMS_PROVIDER=log: message not sent, written here');
  }
}
