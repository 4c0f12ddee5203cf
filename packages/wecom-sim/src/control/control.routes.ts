// Control API: makes things happen in the simulated world (JSON; errors are 4xx with errcode/errmsg).
import type { FastifyInstance } from 'fastify';
import { GzhStore } from '../gzh/gzh.store.js';
import { scan, type ScanDeps, type ScanRequest } from '../gzh/gzh.scan.js';
import type { SmsStore } from '../sms/sms.store.js';

export interface ControlOptions {
  gzh: GzhStore;
  sms: SmsStore;
  scanDeps: Omit<ScanDeps, 'log'>;
  /** Also run by POST /control/reset (the WeCom side forgets its corps and tokens). */
  onReset?: () => void;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export async function controlRoutes(app: FastifyInstance, opts: ControlOptions) {
  const { gzh } = opts;

  app.get('/control/gzh/config', async () => ({
    appId: gzh.config.appId,
    callbackUrl: gzh.config.callbackUrl,
    token: gzh.config.token,
    encodingAesKey: gzh.config.encodingAesKey,
  }));

  app.post<{ Body: { callbackUrl?: unknown; token?: unknown; encodingAesKey?: unknown } }>('/control/gzh/config', async (req, reply) => {
    const { callbackUrl, token, encodingAesKey } = req.body ?? {};
    if (callbackUrl !== undefined) {
      if (typeof callbackUrl !== 'string' || (callbackUrl && !URL.canParse(callbackUrl))) {
        return reply.status(400).send({ errcode: 40097, errmsg: 'callbackUrl 不是合法的地址' });
      }
      gzh.config.callbackUrl = callbackUrl;
    }
    if (token !== undefined) {
      if (typeof token !== 'string' || !/^[A-Za-z0-9]{3,32}$/.test(token)) {
        return reply.status(400).send({ errcode: 40097, errmsg: 'token 须为 3-32 位字母或数字' });
      }
      gzh.config.token = token;
    }
    if (encodingAesKey !== undefined) {
      if (typeof encodingAesKey !== 'string' || (encodingAesKey && !/^[A-Za-z0-9+/]{43}$/.test(encodingAesKey))) {
        return reply.status(400).send({ errcode: 40097, errmsg: 'encodingAesKey 须为 43 位（空串为明文模式）' });
      }
      gzh.config.encodingAesKey = encodingAesKey;
    }
    return { errcode: 0, errmsg: 'ok', callbackUrl: gzh.config.callbackUrl };
  });

  app.post<{ Body: Record<string, unknown> }>('/control/gzh/scan', async (req, reply) => {
    const b = req.body ?? {};
    const request: ScanRequest = {
      ticket: str(b.ticket),
      sceneStr: str(b.sceneStr),
      openid: str(b.openid),
      nickname: str(b.nickname),
      subscribed: typeof b.subscribed === 'boolean' ? b.subscribed : undefined,
    };
    const result = await scan(request, { ...opts.scanDeps, store: gzh, log: req.log });
    if (!result.ok) return reply.status(result.status).send({ errcode: result.errcode, errmsg: result.errmsg });
    return { errcode: 0, errmsg: 'ok', openid: result.openid, event: result.event, delivered: result.delivered };
  });

  app.get('/control/gzh/scenes', async () => {
    const now = Date.now();
    return {
      list: gzh.listScenes().map((s) => ({
        ticket: s.ticket,
        sceneStr: s.sceneStr,
        url: s.url,
        createdAt: s.createdAt,
        expiresAt: s.expiresAt,
        status: GzhStore.statusOf(s, now),
        scans: s.scans,
      })),
    };
  });

  app.get('/control/gzh/followers', async () => ({ list: [...gzh.followers.values()] }));

  /** What WeChat users received from the account (template messages): one user's inbox with `openid`, else everyone's. */
  app.get<{ Querystring: { openid?: string } }>('/control/gzh/inbox', async (req) => ({
    list: req.query.openid ? gzh.inbox(req.query.openid) : gzh.allMessages(),
  }));

  /** Forgets every message, scene, token and follower, and every corp (config stays). */
  app.post('/control/reset', async () => {
    gzh.reset();
    opts.sms.clear();
    opts.onReset?.();
    return { errcode: 0, errmsg: 'ok' };
  });
}
