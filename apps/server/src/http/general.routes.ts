// The general calls (spec §7 "General"): /api/cookie/update hands out a fresh XSRF cookie; GET
// /api/get_access_token a short-lived token for one sister platform, which that platform's server exchanges
// once at /api/access_token/exchange (see auth/access-token.service.ts and docs/sister-platforms.md).
import { Type } from 'typebox';
import { Ok } from '@scrm/contracts/api';
import { AccessTokenData, AccessTokenExchangeBody, AccessTokenIdentity, AccessTokenQuery } from '@scrm/contracts/user-centre';
import { callerOf } from '../auth/auth.hook.js';
import type { AccessTokenService } from '../auth/access-token.service.js';
import { ok } from './envelope.js';
import type { Api } from './types.js';
import { setXsrfCookie } from './xsrf.js';

export interface GeneralRoutesOptions {
  accessTokens: AccessTokenService;
  /** The XSRF cookie is Secure (PUBLIC_URL is https). */
  secureCookie: boolean;
  /** Per IP and minute, on the public exchange. */
  rateLimitPerMinute: number;
}

const tags = ['通用'];

function bearer(header: string | undefined): string | null {
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m ? m[1]! : null;
}

export async function generalRoutes(app: Api, opts: GeneralRoutesOptions) {
  const { accessTokens } = opts;

  app.post(
    '/cookie/update',
    {
      // Exempt from the XSRF check it repairs: it only replaces the cookie with a new random one.
      config: { public: true, xsrfExempt: true, rateLimit: { max: opts.rateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '刷新 XSRF Cookie',
        description: '重新下发 XSRF-TOKEN Cookie；之后的写请求在 X-XSRF-TOKEN 头中回传它的值。',
        response: { 200: Ok(Type.Null()) },
      },
    },
    async (_req, reply) => {
      setXsrfCookie(reply, opts.secureCookie);
      return ok(null);
    },
  );

  app.get(
    '/get_access_token',
    {
      config: { anyAccount: true, workSpace: false },
      schema: {
        tags,
        summary: '获取姐妹平台访问令牌',
        description: '5 分钟内有效、仅可兑换一次、只对 app 指定的姐妹平台有效；随当前登录会话退出而失效。',
        security: [{ bearer: [] }],
        querystring: AccessTokenQuery,
        response: { 200: Ok(AccessTokenData) },
      },
    },
    async (req) => ok(await accessTokens.issue(callerOf(req), req.query.app)),
  );

  app.post(
    '/access_token/exchange',
    {
      config: { public: true, rateLimit: { max: opts.rateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '姐妹平台兑换访问令牌',
        description: '由姐妹平台的服务端调用：配置了 SISTER_APP_SECRETS 的应用需以 Authorization: Bearer <密钥> 调用。成功后令牌即失效。',
        body: AccessTokenExchangeBody,
        response: { 200: Ok(AccessTokenIdentity) },
      },
    },
    async (req) => ok(await accessTokens.exchange(req.body, bearer(req.headers.authorization))),
  );
}
