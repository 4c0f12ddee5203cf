// SMS gateway stand-in: accepts messages and keeps them in the outbox.
import type { FastifyInstance } from 'fastify';
import type { SmsStore } from './sms.store.js';

export async function smsRoutes(app: FastifyInstance, opts: { store: SmsStore }) {
  app.post<{ Body: { phone?: unknown; content?: unknown } }>('/sms/send', async (req) => {
    const { phone, content } = req.body ?? {};
    if (typeof phone !== 'string' || !/^\d{5,20}$/.test(phone)) return { errcode: 40001, errmsg: 'invalid phone' };
    if (typeof content !== 'string' || !content) return { errcode: 40002, errmsg: 'empty content' };
    const message = opts.store.add(phone, content);
    req.log.info({ phone, code: message.code }, 'sms sent');
    return { errcode: 0, errmsg: 'ok' };
  });

  app.get<{ Querystring: { phone?: string } }>('/sms/outbox', async (req) => ({ list: opts.store.list(req.query.phone) }));
}
