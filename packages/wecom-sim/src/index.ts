// The WeCom simulator: official-account QR login and an SMS outbox for now (the WeCom server API
// comes later), plus a control API and a page for people. It shares nothing with the server
// except HTTP.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { SIM_GZH_DEFAULTS } from './defaults.js';
import { GzhStore, type GzhConfig } from './gzh/gzh.store.js';
import { gzhRoutes } from './gzh/gzh.routes.js';
import { controlRoutes } from './control/control.routes.js';
import { pageRoutes } from './page/page.routes.js';
import { SmsStore } from './sms/sms.store.js';
import { smsRoutes } from './sms/sms.routes.js';

export { SIM_GZH_DEFAULTS };
export { signature as gzhSignature, toXml } from './gzh/gzh.push.js';

export interface SimulatorOptions {
  logger?: FastifyServerOptions['logger'];
  /** Base URL the QR code URLs point at; by default the address the request came to. */
  publicUrl?: string;
  gzh?: Partial<GzhConfig> & {
    /** Per push attempt (5000, as WeChat). */
    callbackTimeoutMs?: number;
    /** Further attempts when not answered "success" (3, as WeChat). */
    callbackRetries?: number;
  };
}

export interface Simulator extends FastifyInstance {
  sim: { gzh: GzhStore; sms: SmsStore };
}

export async function buildSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const app = Fastify({ logger: opts.logger ?? { level: 'info' } });
  const gzh = new GzhStore({
    appId: opts.gzh?.appId ?? SIM_GZH_DEFAULTS.appId,
    appSecret: opts.gzh?.appSecret ?? SIM_GZH_DEFAULTS.appSecret,
    token: opts.gzh?.token ?? SIM_GZH_DEFAULTS.token,
    callbackUrl: opts.gzh?.callbackUrl ?? '',
    originalId: opts.gzh?.originalId ?? SIM_GZH_DEFAULTS.originalId,
  });
  const sms = new SmsStore();
  const publicUrl = opts.publicUrl?.replace(/\/+$/, '');

  app.setErrorHandler((err: { statusCode?: number; message: string }, req, reply) => {
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'simulator error');
    return reply.status(status).send({ errcode: status === 500 ? -1 : 47001, errmsg: status === 500 ? 'system error' : err.message });
  });

  await app.register(smsRoutes, { store: sms });
  await app.register(gzhRoutes, { store: gzh, publicUrl });
  await app.register(controlRoutes, {
    gzh,
    sms,
    scanDeps: {
      store: gzh,
      timeoutMs: opts.gzh?.callbackTimeoutMs ?? 5000,
      retries: opts.gzh?.callbackRetries ?? 3,
    },
  });
  await app.register(pageRoutes);
  return Object.assign(app, { sim: { gzh, sms } }) as Simulator;
}
