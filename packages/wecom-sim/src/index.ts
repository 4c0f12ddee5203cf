// The simulator: the WeCom server API (corps, customers, groups, tags, provider apps, encrypted
// callbacks), official-account QR login and an SMS outbox, plus a control API and a page for
// people. It shares nothing with the server except HTTP.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { SIM_GZH_DEFAULTS, SIM_PAY_DEFAULTS } from './defaults.js';
import { PayStore } from './pay/pay.store.js';
import { payRoutes } from './pay/pay.routes.js';
import { GzhStore, type GzhConfig } from './gzh/gzh.store.js';
import { gzhRoutes } from './gzh/gzh.routes.js';
import { controlRoutes } from './control/control.routes.js';
import { controlAccess, hideToken, newControlToken } from './control/access.js';
import { pageRoutes } from './page/page.routes.js';
import { wayPageRoutes } from './page/way.routes.js';
import { SmsStore } from './sms/sms.store.js';
import { smsRoutes } from './sms/sms.routes.js';
import { API_PREFIX, wecomApi } from './wecom/api.js';
import { authRoutes } from './wecom/auth.routes.js';
import { contactsRoutes } from './wecom/contacts.routes.js';
import { customerRoutes } from './wecom/customer.routes.js';
import { contactWayRoutes } from './wecom/contact-way.routes.js';
import { tagRoutes } from './wecom/tag.routes.js';
import { groupRoutes } from './wecom/group.routes.js';
import { transferRoutes } from './wecom/transfer.routes.js';
import { messageRoutes } from './wecom/message.routes.js';
import { momentRoutes } from './wecom/moment.routes.js';
import { appMessageRoutes } from './wecom/app-message.routes.js';
import { mediaRoutes } from './wecom/media.routes.js';
import { serviceRoutes } from './provider/service.routes.js';
import { licenseRoutes } from './provider/license.routes.js';
import { installRoutes } from './provider/install.routes.js';
import { wecomControlRoutes } from './control/wecom.control.js';
import { WecomWorld, type WorldOptions } from './wecom/world.js';
import type { CorpSize } from './wecom/generate.js';

export { SIM_GZH_DEFAULTS, SIM_PAY_DEFAULTS };
export { PayStore };
export { signature as gzhSignature, toXml } from './gzh/gzh.push.js';
export { PROVIDER_DEFAULTS, type ProviderConfig } from './provider/provider.js';
export { generateCorp, type CorpSize } from './wecom/generate.js';
export { API_PREFIX, WecomWorld };
export { newControlToken };

export interface SimulatorOptions {
  logger?: FastifyServerOptions['logger'];
  /** Needed by the control API, the SMS outbox and the pages for people; generated when not given. */
  controlToken?: string;
  /** Base URL the QR code URLs point at; by default the address the request came to. */
  publicUrl?: string;
  gzh?: Partial<GzhConfig> & {
    /** Per push attempt (5000, as WeChat). */
    callbackTimeoutMs?: number;
    /** Further attempts when not answered "success" (3, as WeChat). */
    callbackRetries?: number;
  };
  /** The WeCom side: callback timing, limits, provider credentials (defaults are WeCom's). */
  wecom?: Omit<WorldOptions, 'log' | 'publicUrl'>;
  /** The payment provider's merchant key (SIM_PAY_KEY; the server's PAY_SIM_KEY default). */
  payKey?: string;
  /** A sample corp made at start. */
  sampleCorp?: { name?: string; seed?: string; size?: Partial<CorpSize> };
}

export interface Simulator extends FastifyInstance {
  sim: { gzh: GzhStore; sms: SmsStore; wecom: WecomWorld; pay: PayStore; controlToken: string };
}

/** Request log lines without the control token a page address may carry. */
const reqSerializer = (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: hideToken(req.url), remoteAddress: req.ip });

export async function buildSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const logger = opts.logger ?? { level: 'info' };
  const app = Fastify({ logger: typeof logger === 'object' ? { ...logger, serializers: { req: reqSerializer, ...logger.serializers } } : logger });
  const controlToken = opts.controlToken || newControlToken();
  controlAccess(app, controlToken);
  const gzh = new GzhStore({
    appId: opts.gzh?.appId ?? SIM_GZH_DEFAULTS.appId,
    appSecret: opts.gzh?.appSecret ?? SIM_GZH_DEFAULTS.appSecret,
    token: opts.gzh?.token ?? SIM_GZH_DEFAULTS.token,
    encodingAesKey: opts.gzh?.encodingAesKey ?? SIM_GZH_DEFAULTS.encodingAesKey,
    callbackUrl: opts.gzh?.callbackUrl ?? '',
    originalId: opts.gzh?.originalId ?? SIM_GZH_DEFAULTS.originalId,
  });
  const sms = new SmsStore();
  const publicUrl = opts.publicUrl?.replace(/\/+$/, '');
  const wecom = new WecomWorld({ ...opts.wecom, publicUrl, log: app.log });
  if (opts.sampleCorp) wecom.createCorp(opts.sampleCorp);
  const pay = new PayStore(opts.payKey || SIM_PAY_DEFAULTS.key, app.log);

  app.setErrorHandler((err: { statusCode?: number; message: string }, req, reply) => {
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'simulator error');
    return reply.status(status).send({ errcode: status === 500 ? -1 : 47001, errmsg: status === 500 ? 'system error' : err.message });
  });

  await app.register(smsRoutes, { store: sms });
  await app.register(gzhRoutes, { store: gzh, publicUrl, faults: wecom.faults });
  await app.register(controlRoutes, {
    gzh,
    sms,
    scanDeps: {
      store: gzh,
      timeoutMs: opts.gzh?.callbackTimeoutMs ?? 5000,
      retries: opts.gzh?.callbackRetries ?? 3,
    },
    onReset: () => {
      wecom.reset();
      pay.reset();
    },
  });
  await app.register(wecomApi, {
    prefix: API_PREFIX,
    world: wecom,
    register: [authRoutes, contactsRoutes, customerRoutes, contactWayRoutes, tagRoutes, groupRoutes, transferRoutes, messageRoutes, momentRoutes, appMessageRoutes, mediaRoutes, serviceRoutes, licenseRoutes],
  });
  await app.register(installRoutes, { world: wecom });
  await app.register(wecomControlRoutes, { world: wecom });
  await app.register(payRoutes, { store: pay, publicUrl });
  await app.register(pageRoutes);
  await app.register(wayPageRoutes, { world: wecom });
  // tickets start once the server listens, so the first push can reach a receiver started alongside
  app.addHook('onReady', async () => wecom.startTickets());
  app.addHook('onClose', async () => wecom.stopTickets());
  app.addHook('onClose', async () => pay.stop());
  return Object.assign(app, { sim: { gzh, sms, wecom, pay, controlToken } }) as Simulator;
}
