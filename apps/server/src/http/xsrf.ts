// XSRF double-submit cookie (spec §7): the server hands out a readable XSRF-TOKEN cookie and,
// when a state-changing request carries it, the X-XSRF-TOKEN header must repeat it.
// Authentication is by bearer header, which a cross-site form cannot send, so this check is
// defence in depth; requests without the cookie (API clients, the simulator) pass.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiCode, XSRF_COOKIE, XSRF_HEADER } from '@scrm/contracts/api';
import { AppError } from './errors.js';
import type { FastifyReply } from 'fastify';
import type { Api } from './types.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the header repeats the cookie, in time that does not depend on where they differ. Unlike
 * `safeEqual` (auth/tokens.ts) it answers a different length at once: every cookie this server hands out
 * has the same, public, length, so there is nothing to hide there, and the two hashes `safeEqual` makes
 * to hide it were ~3 % of a list call's CPU.
 */
function repeats(header: string, cookie: string): boolean {
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A new random XSRF-TOKEN cookie (readable by the page, which repeats it in X-XSRF-TOKEN). */
export function setXsrfCookie(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(XSRF_COOKIE, randomBytes(18).toString('base64url'), { path: '/', sameSite: 'lax', secure, httpOnly: false });
}

export function registerXsrf(app: Api, opts: { secure: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      if (!request.routeOptions.config?.machine) setXsrfCookie(reply, opts.secure);
      return;
    }
    // /api/cookie/update replaces a cookie the page lost track of (another tab, a cleared cookie store).
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.xsrfExempt) return;
    const header = request.headers[XSRF_HEADER];
    if (typeof header !== 'string' || !repeats(header, cookie)) {
      throw new AppError(403, '请求校验失败，请刷新页面后重试', ApiCode.XSRF_FAILED);
    }
  });
}
