// /api/gzh/callback: the official account's server URL (plain-text mode).
// GET answers WeChat's URL check; POST receives events. Both are signed over the query.
import { Type } from 'typebox';
import { AppError } from '../http/errors.js';
import type { Api } from '../http/types.js';
import { parseGzhXml, verifyGzhSignature } from './gzh-message.js';
import type { GzhCallbackService } from './gzh-callback.service.js';

const SignedQuery = Type.Object({
  signature: Type.Optional(Type.String({ maxLength: 128 })),
  timestamp: Type.Optional(Type.String({ maxLength: 32 })),
  nonce: Type.Optional(Type.String({ maxLength: 128 })),
  echostr: Type.Optional(Type.String({ maxLength: 1024 })),
  openid: Type.Optional(Type.String({ maxLength: 128 })),
});

const forged = () => new AppError(401, '签名校验失败');

export async function gzhRoutes(app: Api, opts: { token: string; callbacks: GzhCallbackService }) {
  for (const type of ['text/xml', 'application/xml']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  }
  const schema = { tags: ['公众号'], querystring: SignedQuery };

  app.get('/callback', { config: { public: true }, schema: { ...schema, summary: '公众号服务器地址校验' } }, async (req, reply) => {
    if (!verifyGzhSignature(opts.token, req.query)) throw forged();
    return reply.type('text/plain').send(req.query.echostr ?? '');
  });

  app.post('/callback', { config: { public: true }, schema: { ...schema, summary: '公众号事件推送（明文模式 XML）' } }, async (req, reply) => {
    if (!verifyGzhSignature(opts.token, req.query)) throw forged();
    const event = typeof req.body === 'string' ? parseGzhXml(req.body) : null;
    if (!event) throw new AppError(400, '消息格式错误');
    await opts.callbacks.handle(event);
    return reply.type('text/plain').send('success');
  });
}
