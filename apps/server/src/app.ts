// Assembles the Fastify app: external plugins, then our own hooks, then the routes, then the web.
import Fastify, { LogController } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { PublicConfig } from '@scrm/contracts/config';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { AppError, errorHandler, Errors } from './http/errors.js';
import { registerRequestLog } from './http/request-log.js';
import { registerXsrf } from './http/xsrf.js';
import type { Api } from './http/types.js';
import { registerAuthHook } from './auth/auth.hook.js';
import { accountRoutes } from './account/account.routes.js';
import { gzhRoutes } from './gzh/gzh.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { ipListRoutes, workSpaceRoutes } from './workspace/workspace.routes.js';
import { callbackRoutes } from './callback/callback.routes.js';
import { memberRoutes } from './member/member.routes.js';
import { createServices } from './services.js';
import { readShellIndex, sendShellIndex, webPlugin } from './web/web.plugin.js';

const API_PATH = /^\/api(?:[/?]|$)/;

export function publicConfigOf(config: Config): PublicConfig {
  return {
    sisterApps: config.sisterApps,
    simulator: Boolean(config.simUrl),
    ...(config.simUrl ? { simulatorUrl: config.simUrl } : {}),
  };
}

export async function buildApp(config: Config): Promise<Api> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Our onResponse hook writes the one line per request.
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify also takes a hop count here, though its typings omit it.
    trustProxy: config.trustProxy as boolean | string,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // TypeBox checks bodies as sent (no type coercion): a number where a string belongs is a 400.
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  app.setErrorHandler(errorHandler);

  // An empty JSON body reads as "no body", so body-less calls work however the client posts them.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    jsonParser(req, text, done);
  });

  const database = openDatabase(config);
  app.decorate('database', database);
  app.addHook('onClose', async () => database.close());
  app.decorateRequest('auth', null);
  registerRequestLog(app);

  await app.register(cookie);
  // On every route, so the page itself hands out the cookie before its first API calls race for it.
  registerXsrf(app, { secure: config.publicUrl.startsWith('https:') });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => req.ip,
    errorResponseBuilder: () => Errors.tooMany(),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: '企微SCRM API', version: '0.1.0', description: '成功：{code:0,message:"ok",data}；失败：非 2xx 与 {code,message}。' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const services = createServices(config, database, app.log);
  app.decorate('services', services);
  // Once ready (after the migrations): drain the callback inbox (leftovers included) and resume
  // cut-short syncs. (main.ts tells the simulator where the provider callbacks go, once listening.)
  app.addHook('onReady', async () => {
    services.callbacks.worker.start();
    void services.sync.resumeInterrupted().catch((err) => app.log.warn({ err }, 'could not resume syncs'));
  });
  app.addHook('onClose', async () => services.callbacks.worker.stop());
  await app.register(
    async (api: Api) => {
      registerAuthHook(api, services.sessions);
      await api.register(healthRoutes, { database });
      await api.register(accountRoutes, {
        prefix: '/account',
        accounts: services.accounts,
        children: services.children,
        rateLimitPerMinute: config.limits.rateLimitPerMinute,
      });
      await api.register(ipListRoutes, { prefix: '/account', workSpaces: services.workSpaces });
      await api.register(workSpaceRoutes, { prefix: '/qw', workSpaces: services.workSpaces, auth: services.wecomAuth });
      await api.register(memberRoutes, { prefix: '/qw', members: services.members, workSpaces: services.workSpaces });
      await api.register(callbackRoutes, { prefix: '/wecom', callbacks: services.callbacks });
      await api.register(gzhRoutes, { prefix: '/gzh', token: config.gzh.token, callbacks: services.gzhCallbacks });
    },
    { prefix: '/api' },
  );

  const shellIndex = readShellIndex(config.webDistRoot, publicConfigOf(config));
  await app.register(webPlugin, { distRoot: config.webDistRoot, shellIndex });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url;
    if (API_PATH.test(path)) throw Errors.notFound();
    if (shellIndex !== null && (req.method === 'GET' || req.method === 'HEAD')) return sendShellIndex(reply, shellIndex);
    throw new AppError(404, '页面不存在');
  });
  return app;
}
