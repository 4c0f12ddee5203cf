// /open/3rdapp/install (provider app) and /open/customized/install (代开发): pick a corp, press
// 「授权」. The first redirects to redirect_uri with an auth_code; the second shows 「授权成功」.
// Both push create_auth with the AuthCode to the suite's or template's callback.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { installPage, messagePage } from '../page/install.page.js';
import type { WecomWorld } from '../wecom/world.js';
import { AUTH_CODE_TTL_S } from './provider.js';

type Q = Record<string, string | undefined>;
const html = (reply: FastifyReply, body: string, status = 200) => reply.status(status).type('text/html; charset=utf-8').send(body);

export async function installRoutes(app: FastifyInstance, opts: { world: WecomWorld }) {
  const { world } = opts;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** Why a provider install request cannot go on, or undefined. */
  const refuse = (q: Q): string | undefined => {
    if (q.suite_id !== world.provider.config.suiteId) return '应用不存在（suite_id 无效）';
    const pre = world.provider.preAuthCodes.get(q.pre_auth_code ?? '');
    if (!pre || pre.suiteId !== q.suite_id || pre.expiresAt <= Date.now()) return '授权链接已失效（预授权码无效或已过期），请回到应用重新发起授权';
    if (!q.redirect_uri || !URL.canParse(q.redirect_uri)) return '授权链接无效（redirect_uri 不是合法地址）';
    return undefined;
  };

  app.get<{ Querystring: Q }>('/open/3rdapp/install', async (req, reply) => {
    const q = req.query;
    const why = refuse(q);
    if (why) return html(reply, messagePage('无法授权', why, false), 400);
    return html(
      reply,
      installPage({
        title: '授权应用',
        appName: '企微SCRM',
        action: '/open/3rdapp/install',
        fields: { suite_id: q.suite_id!, pre_auth_code: q.pre_auth_code!, redirect_uri: q.redirect_uri!, state: q.state ?? '' },
        corps: [...world.corps.values()],
      }),
    );
  });

  app.post<{ Body: Q }>('/open/3rdapp/install', async (req, reply) => {
    const b = req.body ?? {};
    const why = refuse(b);
    if (why) return html(reply, messagePage('无法授权', why, false), 400);
    const corp = world.corps.get(b.corpId ?? '');
    if (!corp) return html(reply, messagePage('无法授权', '请选择要授权的企业', false), 400);
    world.provider.preAuthCodes.delete(b.pre_auth_code!);
    const state = b.state ?? '';
    const code = world.provider.newAuthCode(b.suite_id!, corp.corpId, state, corp.members[0]?.userid ?? '');
    world.instruct('suite', 'create_auth', { AuthCode: code, State: state || undefined }, corp.corpId);
    const to = new URL(b.redirect_uri!);
    to.searchParams.set('auth_code', code);
    to.searchParams.set('expires_in', String(AUTH_CODE_TTL_S));
    to.searchParams.set('state', state);
    return reply.redirect(to.toString(), 302);
  });

  app.get<{ Querystring: Q }>('/open/customized/install', async (req, reply) => {
    const q = req.query;
    if (q.template_id !== world.provider.config.templateId) return html(reply, messagePage('无法授权', '代开发应用模板不存在（template_id 无效）', false), 400);
    return html(
      reply,
      installPage({
        title: '授权代开发应用',
        appName: '企微SCRM（代开发）',
        action: '/open/customized/install',
        fields: { template_id: q.template_id, state: q.state ?? '' },
        corps: [...world.corps.values()],
      }),
    );
  });

  app.post<{ Body: Q }>('/open/customized/install', async (req, reply) => {
    const b = req.body ?? {};
    if (b.template_id !== world.provider.config.templateId) return html(reply, messagePage('无法授权', '代开发应用模板不存在（template_id 无效）', false), 400);
    const corp = world.corps.get(b.corpId ?? '');
    if (!corp) return html(reply, messagePage('无法授权', '请选择要授权的企业', false), 400);
    const state = b.state ?? '';
    const code = world.provider.newAuthCode(b.template_id, corp.corpId, state, corp.members[0]?.userid ?? '');
    const pushed = world.instruct('template', 'create_auth', { AuthCode: code, State: state || undefined }, corp.corpId);
    return html(
      reply,
      messagePage(
        '授权成功',
        pushed ? `授权成功：已将「${corp.corpName}」的授权通知推送给服务商。` : `授权成功，但服务商未配置代开发回调地址，授权通知未推送。`,
        !!pushed,
      ),
    );
  });
}
