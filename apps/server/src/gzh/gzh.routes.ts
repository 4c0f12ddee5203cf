// /api/gzh/callback: the official account's server URL.
// GET answers WeChat's URL check (signed over token, timestamp and nonce in every mode). POST receives
// events: in safe mode (the default, GZH_AES_KEY) only encrypted messages whose msg_signature covers
// the body; in plain mode (GZH_CALLBACK_MODE=plain) plain XML signed over the query alone.
// Every callback must be within 5 minutes of our clock and is accepted once (callback/replay-guard.ts).
import { Type } from 'typebox';
import type { CallbackReplayGuard } from '../callback/replay-guard.js';
import { AppError } from '../http/errors.js';
import type { Api } from '../http/types.js';
import { openGzhSafeMessage, parseGzhXml, verifyGzhSignature } from './gzh-message.js';
import type { GzhCallbackService } from './gzh-callback.service.js';

const SignedQuery = Type.Object({
  signature: Type.Optional(Type.String({ maxLength: 64 })),
  timestamp: Type.Optional(Type.String({ maxLength: 16 })),
  nonce: Type.Optional(Type.String({ maxLength: 64 })),
  echostr: Type.Optional(Type.String({ maxLength: 512 })),
  openid: Type.Optional(Type.String({ maxLength: 128 })),
  encrypt_type: Type.Optional(Type.String({ maxLength: 16 })),
  msg_signature: Type.Optional(Type.String({ maxLength: 64 })),
});

const forged = () => new AppError(401, '签名校验失败');

export interface GzhRouteOptions {
  gzh: { token: string; appId: string; aesKey: string | undefined };
  replay: CallbackReplayGuard;
  callbacks: GzhCallbackService;
}

export async function gzhRoutes(app: Api, opts: GzhRouteOptions) {
  const { token, appId, aesKey } = opts.gzh;
  for (const type of ['text/xml', 'application/xml']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  }
  const schema = { tags: ['公众号'], querystring: SignedQuery };

  app.get('/callback', { config: { public: true, machine: true }, schema: { ...schema, summary: '公众号服务器地址校验' } }, async (req, reply) => {
    const q = req.query;
    if (!verifyGzhSignature(token, q)) throw forged();
    await opts.replay.claim({ kind: 'gzh', signature: q.signature!, timestamp: q.timestamp!, nonce: q.nonce! });
    return reply.type('text/plain').send(q.echostr ?? '');
  });

  const summary = aesKey ? '公众号事件推送（安全模式，加密 XML）' : '公众号事件推送（明文模式 XML）';
  app.post('/callback', { config: { public: true, machine: true }, schema: { ...schema, summary } }, async (req, reply) => {
    const q = req.query;
    const body = typeof req.body === 'string' ? req.body : '';
    let signature: string;
    let xml: string;
    if (aesKey) {
      // A plain-mode request (signature over the query only) proves nothing about its body.
      if (!q.msg_signature || !q.timestamp || !q.nonce) throw new AppError(401, '签名校验失败：需要安全模式（加密）的消息');
      xml = openGzhSafeMessage({ token, aesKey, appId }, { msg_signature: q.msg_signature, timestamp: q.timestamp, nonce: q.nonce }, body);
      signature = q.msg_signature;
    } else {
      if (!verifyGzhSignature(token, q)) throw forged();
      xml = body;
      signature = q.signature!;
    }
    const event = parseGzhXml(xml);
    if (!event) throw new AppError(400, '消息格式错误');
    await opts.replay.once({ kind: 'gzh', signature, timestamp: q.timestamp!, nonce: q.nonce! }, () => opts.callbacks.handle(event));
    return reply.type('text/plain').send('success');
  });
}
