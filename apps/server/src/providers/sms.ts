// Where SMS messages go: the simulator's outbox, or (development only) the server log.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../http/errors.js';
import { simulatorAuth } from './simulator.js';

export interface SmsProvider {
  send(phone: string, content: string): Promise<void>;
}

const sendFailed = () => new AppError(502, '短信发送失败，请稍后重试');

/** Posts to the simulator's `/sms/send`, which keeps an outbox people and tests can read. */
export class SimSmsProvider implements SmsProvider {
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

/** Writes the message to the server log. For development without the simulator only. */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(phone: string, content: string): Promise<void> {
    this.log.warn({ phone, content }, 'SMS_PROVIDER=log: message not sent, written here');
  }
}
