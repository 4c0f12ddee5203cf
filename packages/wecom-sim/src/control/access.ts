// Who may use the simulator's own doors: the control API (/control/*), the SMS gateway and outbox
// (/sms/*) and the pages for people (/, /gzh/qr/:ticket, /wecom/scan/:configId) need the control
// token — as `Authorization: Bearer <token>` from a program, or from a browser as a cookie set by
// opening any page once with `?token=<token>`. What WeCom and WeChat themselves answer (the WeCom
// API /qyapi/cgi-bin with its own access tokens, the official-account API /cgi-bin, the install
// pages /open/*, the contact-way QR images /wwpic/*) stays as open as the real services.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, layout } from '../page/layout.js';

/** A fresh control token (used when SIM_CONTROL_TOKEN is unset). */
export const newControlToken = () => randomBytes(18).toString('base64url');

const PAGE = /^\/(?:$|gzh\/qr\/|wecom\/scan\/)/;
const GUARDED = /^\/(?:$|control(?:\/|$)|sms\/|gzh\/qr\/|wecom\/scan\/)/;

/** Whether a route (its path pattern) needs the control token. */
export const isGuarded = (route: string) => GUARDED.test(route);

/** The token in a URL's query replaced by `***` (for log lines). */
export const hideToken = (url: string) => url.replace(/([?&]token=)[^&#]*/g, '$1***');

const digest = (s: string) => createHash('sha256').update(s).digest();

function cookieOf(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

function lockedPage(path: string, wrong: boolean): string {
  return layout(
    '需要控制口令',
    `<h1>需要模拟器控制口令</h1>
<p>模拟器的页面、短信发件箱与控制接口只对持有控制口令的人开放。打开 <code>npm start</code> 启动时打印的模拟器地址（带 <code>?token=</code>），或在下面输入口令（模拟器启动时打印，或环境变量 <code>SIM_CONTROL_TOKEN</code>）。</p>
${wrong ? '<p class="err">口令不正确。</p>' : ''}
<form method="get" action="${escapeHtml(path)}">
  <input name="token" type="password" autocomplete="off" style="width:320px" placeholder="控制口令"> <button type="submit">进入</button>
</form>`,
  );
}

/** Registers the check for every guarded path. */
export function controlAccess(app: FastifyInstance, token: string) {
  const expected = digest(token);
  const matches = (given: string | undefined) => given !== undefined && timingSafeEqual(digest(given), expected);

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    // The route matched, not the raw address: `/%63ontrol/…` reaches the /control routes too.
    const route = req.routeOptions.url;
    if (route === undefined || !isGuarded(route)) return;
    const q = req.url.indexOf('?');
    const [path, search] = q < 0 ? [req.url, ''] : [req.url.slice(0, q), req.url.slice(q + 1)];
    // A cookie per port: two simulators on one host (the trial and the e2e one) keep their own.
    const cookie = `sim_token_${req.socket.localPort ?? ''}`;
    const auth = req.headers.authorization;
    if (matches(auth?.startsWith('Bearer ') ? auth.slice(7) : undefined) || matches(cookieOf(req, cookie))) return;
    const query = new URLSearchParams(search);
    const fromQuery = query.get('token') ?? undefined;
    const page = req.method === 'GET' && PAGE.test(route);
    if (page && matches(fromQuery)) {
      query.delete('token');
      const rest = query.toString();
      return reply
        .header('set-cookie', `${cookie}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax`)
        .redirect(rest ? `${path}?${rest}` : path, 303);
    }
    if (page) return reply.status(401).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(lockedPage(path, fromQuery !== undefined));
    return reply.status(401).send({ errcode: 41001, errmsg: '需要模拟器控制口令（Authorization: Bearer <SIM_CONTROL_TOKEN>）' });
  });
}
