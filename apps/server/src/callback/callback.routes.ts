// /api/wecom/*: WeCom's callbacks (public, authenticated by the message signature).
//   /callback/:workId     a connected corp's app (GET URL verification, POST events)
//   /suite/callback       the provider's suite instruction callback (suite_ticket, create_auth…)
//   /template/callback    the 代开发 template callback (create_auth → permanent code → work space)
import { Type } from 'typebox';
import type { Api } from '../http/types.js';
import type { CallbackService, CallbackSource } from './callback.service.js';

const SignedQuery = Type.Object({
  msg_signature: Type.Optional(Type.String({ maxLength: 64 })),
  timestamp: Type.Optional(Type.String({ maxLength: 16 })),
  nonce: Type.Optional(Type.String({ maxLength: 64 })),
  echostr: Type.Optional(Type.String({ maxLength: 4096 })),
});
// Nine digits at most: a work-space id within int4.
const WorkParams = Type.Object({ workId: Type.String({ pattern: '^[0-9]{1,9}$', maxLength: 9 }) });

export async function callbackRoutes(app: Api, opts: { callbacks: CallbackService }) {
  for (const type of ['text/xml', 'application/xml', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
  }
  const tags = ['企业微信回调'];
  const config = { public: true, machine: true };

  const routes: Array<[string, (params: Record<string, string>) => CallbackSource, object]> = [
    ['/callback/:workId', (p) => ({ kind: 'corp', workId: Number(p.workId) }), { params: WorkParams }],
    ['/suite/callback', () => ({ kind: 'suite' }), {}],
    ['/template/callback', () => ({ kind: 'template' }), {}],
  ];
  for (const [path, sourceOf, extra] of routes) {
    app.get(path, { config, schema: { tags, summary: `${path} URL 验证`, querystring: SignedQuery, ...extra } }, async (req, reply) => {
      const plain = await opts.callbacks.verifyUrl(sourceOf(req.params as Record<string, string>), req.query);
      return reply.type('text/plain').send(plain);
    });
    app.post(path, { config, schema: { tags, summary: `${path} 事件推送`, querystring: SignedQuery, ...extra } }, async (req, reply) => {
      const body = typeof req.body === 'string' ? req.body : '';
      await opts.callbacks.receive(sourceOf(req.params as Record<string, string>), req.query, body);
      return reply.type('text/plain').send('success');
    });
  }
}
