// The WeCom server API under /qyapi/cgi-bin. Every call goes through one wrapper: count it, apply
// injected faults and the frequency limits, check the token, run the handler, and answer HTTP 200
// with errcode/errmsg (errmsg shaped like WeCom's, hint and all).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Corp } from './corp.js';
import { errmsg, MSG, WecomErr } from './errors.js';
import type { TokenInfo } from './tokens.js';
import type { WecomWorld } from './world.js';

export const API_PREFIX = '/qyapi/cgi-bin';

export type Auth = 'corp' | 'suite' | 'provider' | 'none';

export interface Ctx {
  req: FastifyRequest;
  world: WecomWorld;
  /** Set for corp-token routes. */
  corp: Corp;
  token: TokenInfo;
  // WeCom bodies are free-form JSON; each handler checks what it reads.
  body: Record<string, any>;
  query: Record<string, string | undefined>;
}

type Handler = (c: Ctx) => unknown | Promise<unknown>;

export interface Router {
  get(path: string, auth: Auth, h: Handler): void;
  post(path: string, auth: Auth, h: Handler): void;
}

const TOKEN_PARAM: Record<Exclude<Auth, 'none'>, string> = {
  corp: 'access_token',
  suite: 'suite_access_token',
  provider: 'provider_access_token',
};

/** Who a call is counted and limited against: the token's subject, else the corp or suite it names. */
function subjectOf(world: WecomWorld, req: FastifyRequest): string {
  const q = req.query as Record<string, string | undefined>;
  const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
  const t = world.tokens.peek(q.access_token ?? q.suite_access_token ?? q.provider_access_token);
  if (t) return t.subject;
  const named = q.corpid ?? b.suite_id ?? b.corpid;
  return typeof named === 'string' ? named : '-';
}

/** WeCom's answer when a member without an active 互通 account (接口许可) calls a customer-contact API. */
export const UNLICENSED = 701_008;

/**
 * A corp authorised through the provider (third or 代开发 token) whose licence trial is over: a
 * customer-contact call naming a member without an active 互通 account is refused. The batch read
 * (`batch/get_by_user`) reports such members in fail_info instead.
 */
function refusedUnlicensed(world: WecomWorld, token: TokenInfo, path: string, query: Record<string, string | undefined>, body: Record<string, any>): boolean {
  if (token.scope !== 'third' && token.scope !== 'customized') return false;
  if (!path.startsWith('externalcontact/') || path === 'externalcontact/batch/get_by_user') return false;
  if (!world.provider.trialEnded.has(token.subject)) return false;
  const named: unknown[] = [query.userid, body.userid, body.sender, body.takeover_userid, ...(Array.isArray(body.user) ? body.user : [body.user])];
  return named.some((u) => typeof u === 'string' && u !== '' && world.provider.unlicensed(token.subject, u));
}

export async function wecomApi(app: FastifyInstance, opts: { world: WecomWorld; register: Array<(r: Router) => void> }) {
  const { world } = opts;

  // WeCom reads the body as JSON whatever the content type says; multipart is left to media routes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 32 * 1024 * 1024 }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 8 * 1024 * 1024 }, (_req, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('data format error'), { statusCode: 400, wecom: 47001 }), undefined);
    }
  });
  app.setErrorHandler((err: { statusCode?: number; message: string; wecom?: number }, req, reply) => {
    const code = err.wecom ?? (err.statusCode === 413 ? 40006 : -1);
    if (code === -1) req.log.error({ err }, 'wecom api error');
    return reply.status(200).send({ errcode: code, errmsg: errmsg(code, code === -1 ? MSG.busy : code === 40006 ? 'invalid file size' : err.message, req.ip) });
  });

  const handle = (path: string, auth: Auth, h: Handler) => async (req: FastifyRequest, reply: FastifyReply) => {
    const subject = subjectOf(world, req);
    world.calls.count(subject, path);
    const wrap = (code: number, msg: string) => ({ errcode: code, errmsg: errmsg(code, msg, req.ip) });

    const latency = world.faults.take('latency', subject, path);
    if (latency?.ms) await new Promise((r) => setTimeout(r, latency.ms));
    if (world.faults.take('busy', subject, path)) return wrap(-1, MSG.busy);
    if (world.faults.take('rate-limit', subject, path)) return wrap(45009, MSG.freq);
    if (!world.limiter.hit(subject, path)) return wrap(45009, MSG.freq);

    const query = req.query as Record<string, string | undefined>;
    let token = undefined as unknown as TokenInfo;
    let corp = undefined as unknown as Corp;
    if (auth !== 'none') {
      const raw = query[TOKEN_PARAM[auth]];
      const suiteLike = auth !== 'corp';
      if (!raw) return suiteLike ? wrap(40082, MSG.invalidSuiteToken) : wrap(41001, MSG.missingToken);
      const checked = world.tokens.check(raw, auth);
      if (checked === 'invalid') return suiteLike ? wrap(40082, MSG.invalidSuiteToken) : wrap(40014, MSG.invalidToken);
      if (checked === 'expired') return suiteLike ? wrap(42009, MSG.expiredSuiteToken) : wrap(42001, MSG.expiredToken);
      token = checked;
      if (auth === 'corp') {
        const found = world.corps.get(checked.subject);
        if (!found) return wrap(40014, MSG.invalidToken);
        corp = found;
      }
    }
    const body = (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? req.body : {}) as Record<string, any>;
    if (auth === 'corp' && refusedUnlicensed(world, token, path, query, body)) return wrap(UNLICENSED, 'user has no active interface licence');
    try {
      const result = (await h({ req, world, corp, token, body, query })) as Record<string, unknown> | undefined;
      // The answer, made from the state as the call found it, arrives late (a slow network on the way back).
      const late = world.faults.take('late-response', subject, path);
      if (late?.ms) await new Promise((r) => setTimeout(r, late.ms));
      if (world.faults.take('lost-response', subject, path)) {
        // done, but the answer never arrives
        reply.hijack();
        req.raw.socket.destroy();
        return;
      }
      return { errcode: 0, errmsg: 'ok', ...result };
    } catch (err) {
      if (err instanceof WecomErr) return wrap(err.errcode, err.msg);
      throw err;
    }
  };

  const router: Router = {
    get: (path, auth, h) => app.get(`/${path}`, handle(path, auth, h)),
    post: (path, auth, h) => app.post(`/${path}`, handle(path, auth, h)),
  };
  for (const register of opts.register) register(router);
}
