// Assembles the Fastify app: external plugins, then our own hooks, then the routes, then the web.
import Fastify, { LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { PublicConfig } from '@scrm/contracts/config';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { AppError, errorHandler, Errors } from './http/errors.js';
import { refuseNul } from './http/json-body.js';
import { registerRequestLog } from './http/request-log.js';
import { listen } from './db/notify.js';
import { loggerOptions } from './http/log-redact.js';
import { registerXsrf } from './http/xsrf.js';
import { lazySerializers } from './http/serializers.js';
import { validatorCompiler } from './http/validator.js';
import { registerKeptAnswers } from './http/kept-answers.js';
import type { Api } from './http/types.js';
import { collectRouteTable, type RouteEntry } from './http/route-table.js';
import { registerAuthHook } from './auth/auth.hook.js';
import { registerWorkSpaceHook } from './workspace/workspace.hook.js';
import { childRoutes } from './account/child/child.routes.js';
import { accountRoutes } from './account/account.routes.js';
import { userCentreRoutes } from './account/user-centre.routes.js';
import { generalRoutes } from './http/general.routes.js';
import { gzhRoutes } from './gzh/gzh.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { ipListRoutes, workSpaceRoutes } from './workspace/workspace.routes.js';
import { licenceRoutes } from './licence/licence.routes.js';
import { callbackRoutes } from './callback/callback.routes.js';
import { memberRoutes } from './member/member.routes.js';
import { memberGroupRoutes } from './member/group/member-group.routes.js';
import { tagRoutes } from './tag/tag.routes.js';
import { channelCodeRoutes } from './contact-way/channel/channel-code.routes.js';
import { autoTagRoutes } from './auto-tag/auto-tag.routes.js';
import { materialRoutes } from './material/material.routes.js';
import { clockRoutes } from './clock/clock.routes.js';
import type { Clock } from './clock/clock.js';
import { seatRoutes } from './seat/seat.routes.js';
import { distributorRoutes } from './distributor/distributor.routes.js';
import { SEAT_TICK_JOB } from './seat/seat.service.js';
import { orderRoutes } from './order/order.routes.js';
import { ORDER_TICK_JOB } from './order/order.service.js';
import { staffCodeRoutes } from './contact-way/staff/staff-code.routes.js';
import { leadRoutes } from './contact-way/lead/lead.routes.js';
import { codePickerRoutes } from './contact-way/code-picker.routes.js';
import { riskRoutes } from './risk/risk.routes.js';
import { customerRoutes } from './customer/customer.routes.js';
import { dataRoutes } from './data/data.routes.js';
import { notifyRoutes } from './notify/notify.routes.js';
import { notifyAccountRoutes, notifyCentreRoutes, notifyCreditRoutes } from './notify/notify-centre.routes.js';
import { groupRoutes } from './group/group.routes.js';
import { transferRoutes } from './transfer/transfer.routes.js';
import { momentRoutes } from './moment/moment.routes.js';
import { MOMENT_TICK_JOB } from './moment/moment.service.js';
import { pushRoutes } from './push/push.routes.js';
import { PUSH_TICK_JOB } from './push/push-delivery.service.js';
import { createServices } from './services.js';
import { RISK_TICK_JOB } from './composition/job-registry.js';
import { isWebFilePath, readShellIndex, sendShellIndex, webPlugin } from './web/web.plugin.js';

const API_PATH = /^\/api(?:[/?]|$)/;

export function publicConfigOf(config: Config): PublicConfig {
  return {
    sisterApps: config.sisterApps,
    simulator: Boolean(config.simUrl),
    ...(config.simUrl ? { simulatorUrl: config.simUrl } : {}),
  };
}

/** How far the business clock was moved (TEST_CLOCK); 0 unless a test or drill moved it. */
function testClockOffset(clock: Clock): number {
  const now = clock.now();
  return now - clock.wall(now);
}

/** `logStream`: where log lines go instead of stdout (tests read them). */
export async function buildApp(config: Config, opts: { logStream?: DestinationStream } = {}): Promise<Api> {
  const app = Fastify({
    // Paths only: no query string (signatures, nonces, openids, tokens) reaches a log line.
    logger: loggerOptions(config.logLevel, opts.logStream),
    // Our onResponse hook writes the one line per request.
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify also takes a hop count here, though its typings omit it.
    trustProxy: config.trustProxy as boolean | string,
    // A path Fastify's router refuses (a malformed escape, a parameter past its length) gets our envelope too.
    frameworkErrors: (error, req, reply) => errorHandler(error, req, reply),
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // TypeBox checks bodies as sent (no type coercion): a number where a string belongs is a 400.
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  // On close, idle keep-alive connections are closed at once, but one whose answer is still being written
  // (a simulator's callback, say) would become idle afterwards and hold close() for Fastify's 72 s
  // keep-alive: answers written while closing say `Connection: close`, so their sockets end with them.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // An empty JSON body reads as "no body", so body-less calls work however the client posts them.
  // A body holding U+0000 is refused whole (PostgreSQL stores no NUL in text).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    jsonParser(req, text, refuseNul(done));
  });

  const database = openDatabase(config);
  app.decorate('database', database);
  app.decorateRequest('auth', null);
  app.decorateRequest('workSpace', null);
  app.decorateRequest('distributor', null);
  // Before any route: every route under /api (the docs pages included) goes into the table, and one
  // without its declaration stops the app here.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  collectRouteTable(app, routeTable);
  registerRequestLog(app);

  // Shared counters for several processes (WeCom limits, per-IP limits) when Redis is configured.
  // ioredis is loaded only then (0.13 s of every start otherwise).
  const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined;

  await app.register(cookie);
  // On every route, so the page itself hands out the cookie before its first API calls race for it.
  registerXsrf(app, { secure: config.publicUrl.startsWith('https:') });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => req.ip,
    errorResponseBuilder: () => Errors.tooMany(),
    ...(redis ? { redis, nameSpace: 'scrm-rl-' } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: '企微SCRM API', version: '0.1.0', description: '成功：{code:0,message:"ok",data}；失败：非 2xx 与 {code,message}。' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, distributorBearer: { type: 'http', scheme: 'bearer', description: '分销商登录的 token（/api/distributor/account/login）' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const services = createServices(config, database, app.log, redis);
  app.decorate('services', services);
  // Once ready (after the migrations): the job queue claims work (jobs left by a stopped process
  // included) and the schedules start. (main.ts tells the simulator where the provider callbacks go.)
  app.addHook('onReady', async () => {
    await services.jobs.start();
    services.scheduler.start();
    void services.callbacks.enqueueUnprocessed().catch((err) => app.log.warn({ err }, 'could not queue unprocessed callbacks'));
    // Notifications written just before a stop are planned now, not at the next minute's sweep.
    void services.notifyDelivery.poke();
  });
  // One hook, in this order: the work that uses the database stops before the database closes. (Closing
  // the PostgreSQL pool first made it wait for the job runner's client: a minute and more to stop.)
  // PostgreSQL: a change to who may call, committed by any process, empties the kept sessions (migration
  // 0032's NOTIFY; this process's own writes empty them at once, services.ts). auth/session-cache.ts.
  const cache = services.sessionCache;
  const stopListening =
    database.dialect === 'postgres'
      ? listen(database, 'scrm_auth', { message: () => cache.invalidate(), up: () => cache.setListening(true), down: () => cache.setListening(false) })
      : null;
  app.addHook('onClose', async () => {
    await stopListening?.();
    services.scheduler.stop();
    await services.jobs.stop();
    redis?.disconnect();
    await database.close();
  });
  await app.register(
    async (api: Api) => {
      registerAuthHook(api, services.sessions, services.distributorSessions);
      registerKeptAnswers(api, { answers: services.keptAnswers, changeMark: () => database.changeMark(), clockOffset: () => testClockOffset(services.clock) });
      registerWorkSpaceHook(api, services.workSpaces);
      await api.register(healthRoutes, { database });
      await api.register(accountRoutes, {
        prefix: '/account',
        accounts: services.accounts,
        rateLimitPerMinute: config.limits.rateLimitPerMinute,
      });
      await api.register(userCentreRoutes, { prefix: '/account', userCentre: services.userCentre });
      await api.register(generalRoutes, {
        accessTokens: services.accessTokens,
        secureCookie: config.publicUrl.startsWith('https:'),
        rateLimitPerMinute: config.limits.rateLimitPerMinute,
      });
      await api.register(childRoutes, { prefix: '/account', children: services.children, roles: services.roles });
      await api.register(ipListRoutes, { prefix: '/account', workSpaces: services.workSpaces });
      await api.register(workSpaceRoutes, { prefix: '/qw', workSpaces: services.workSpaces, auth: services.wecomAuth });
      await api.register(licenceRoutes, { prefix: '/qw', licences: services.licences });
      await api.register(memberRoutes, { prefix: '/qw', members: services.members, workSpaces: services.workSpaces });
      await api.register(memberGroupRoutes, { prefix: '/qw', memberGroups: services.memberGroups });
      await api.register(tagRoutes, { prefix: '/qw', tags: services.tags });
      await api.register(autoTagRoutes, { prefix: '/qw', autoTags: services.autoTags });
      await api.register(channelCodeRoutes, {
        prefix: '/qw',
        channels: services.channelCodes,
        figures: services.codeFigures,
      });
      await api.register(staffCodeRoutes, { prefix: '/qw', codes: services.staffCodes, figures: services.codeFigures });
      await api.register(leadRoutes, { prefix: '/qw', leads: services.leads });
      await api.register(codePickerRoutes, { prefix: '/qw', contactWays: services.contactWays });
      await api.register(riskRoutes, { prefix: '/qw', risk: services.riskControl });
      await api.register(dataRoutes, { prefix: '/qw', dataCentre: services.dataCentre });
      await api.register(notifyRoutes, { prefix: '/qw', lossAlerts: services.lossAlerts });
      await api.register(notifyCentreRoutes, { prefix: '/qw', recipients: services.notifyRecipients });
      await api.register(notifyAccountRoutes, { prefix: '/account', recipients: services.notifyRecipients, delivery: services.notifyDelivery });
      await api.register(notifyCreditRoutes, { prefix: '/notify', delivery: services.notifyDelivery });
      await api.register(groupRoutes, { prefix: '/qw', groups: services.groups });
      await api.register(transferRoutes, { prefix: '/qw', transfers: services.transfers });
      await api.register(momentRoutes, { prefix: '/qw', moments: services.moments });
      await api.register(pushRoutes, { prefix: '/qw', pushes: services.pushes });
      await api.register(customerRoutes, {
        prefix: '/qw',
        customers: services.customers,
        customerList: services.customerList,
        customerBatches: services.customerBatches,
        customerEdits: services.customerEdits,
      });
      await api.register(materialRoutes, {
        prefix: '/material',
        materials: services.materials,
        fileRateLimitPerMinute: config.limits.fileRateLimitPerMinute,
      });
      await api.register(seatRoutes, { seats: services.seats });
      await api.register(distributorRoutes, { distributors: services.distributors, rateLimitPerMinute: config.limits.rateLimitPerMinute });
      await api.register(orderRoutes, { orders: services.orders });
      if (config.testClock) {
        await api.register(clockRoutes, {
          clock: services.clock,
          tick: async () => {
            await services.scheduler.trigger('risk');
            await services.scheduler.trigger('moment');
            await services.scheduler.trigger('push');
            await services.scheduler.trigger('seat');
            await services.scheduler.trigger('order');
            await services.jobs.idle([RISK_TICK_JOB, MOMENT_TICK_JOB, PUSH_TICK_JOB, SEAT_TICK_JOB, ORDER_TICK_JOB]);
          },
        });
      }
      await api.register(callbackRoutes, { prefix: '/wecom', callbacks: services.callbacks });
      await api.register(gzhRoutes, { prefix: '/gzh', gzh: config.gzh, replay: services.replay, callbacks: services.gzhCallbacks });
    },
    { prefix: '/api' },
  );

  const shellIndex = readShellIndex(config.webDistRoot, publicConfigOf(config));
  await app.register(webPlugin, { distRoot: config.webDistRoot, shellIndex });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url;
    if (API_PATH.test(path)) throw Errors.notFound();
    if (isWebFilePath(path)) throw new AppError(404, '文件不存在');
    if (shellIndex !== null && (req.method === 'GET' || req.method === 'HEAD')) return sendShellIndex(reply, shellIndex);
    throw new AppError(404, '页面不存在');
  });
  return app;
}
