// Wires repositories, providers and services together once per app.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { AccountRepository } from './account/account.repository.js';
import { AccountService } from './account/account.service.js';
import { ChildAccountService } from './account/child.service.js';
import { LoginFailureRepository } from './account/login-failure.repository.js';
import { LoginGuard } from './account/login-guard.js';
import { PasswordHasher } from './account/password.js';
import { SessionRepository } from './auth/session.repository.js';
import { SessionService } from './auth/session.service.js';
import { GzhCallbackService } from './gzh/gzh-callback.service.js';
import { QrSceneRepository } from './gzh/qr-scene.repository.js';
import { QrSceneService } from './gzh/qr-scene.service.js';
import { GzhClient } from './providers/gzh-client.js';
import { HttpSmsProvider, LogSmsProvider, SimSmsProvider, type SmsProvider } from './providers/sms.js';
import { SmsCodeRepository } from './sms-code/sms-code.repository.js';
import { SmsCodeService } from './sms-code/sms-code.service.js';
import { WorkSpaceRepository } from './workspace/workspace.repository.js';
import { WorkSpaceService } from './workspace/workspace.service.js';
import { CallbackEventRepository } from './callback/callback-event.repository.js';
import { CallbackService, SWEEP_JOB } from './callback/callback.service.js';
import { MemberRepository } from './member/member.repository.js';
import { MemberService } from './member/member.service.js';
import { SyncRepository } from './sync/sync.repository.js';
import { SyncService } from './sync/sync.service.js';
import { ProviderSettings } from './wecom/provider-settings.js';
import { SecretBox } from './wecom/secret-box.js';
import { WecomAuthService } from './wecom/wecom-auth.service.js';
import { WecomAuthStateRepository } from './wecom/wecom-auth-state.repository.js';
import { WecomGateway } from './wecom/wecom-gateway.js';
import { SuiteTicketRepository } from './wecom/suite-ticket.repository.js';
import { SharedRateLimiter } from './wecom/shared-limiter.js';
import { BusinessClock } from './clock/clock.js';
import { JobQueue } from './jobs/job-queue.js';
import { Scheduler } from './jobs/scheduler.js';
import { ContactWayRepository } from './contact-way/contact-way.repository.js';
import { ContactWayService } from './contact-way/contact-way.service.js';
import { ChannelCodeService } from './contact-way/channel-code.service.js';
import { CodeStatsRepository } from './contact-way/code-stats.repository.js';
import { CodeFiguresService } from './contact-way/code-figures.service.js';
import { LeadRepository } from './contact-way/lead.repository.js';
import { LeadService } from './contact-way/lead.service.js';
import { AttributionService } from './contact-way/attribution.service.js';
import { CustomerRepository } from './customer/customer.repository.js';
import { CustomerService } from './customer/customer.service.js';
import { RiskRepository } from './risk/risk.repository.js';
import { RiskEngine } from './risk/risk-engine.js';
import { RiskService } from './risk/risk.service.js';
import { MaterialService, MEDIA_RENEW_JOB } from './material/material.service.js';
import { TagRepository } from './tag/tag.repository.js';
import { TagService } from './tag/tag.service.js';
import type { Redis } from 'ioredis';

export type Services = ReturnType<typeof createServices>;

export const RISK_TICK_JOB = 'risk_tick';
export const CLEANUP_JOB = 'cleanup';

export function createServices(config: Config, database: Database, log: FastifyBaseLogger, redis?: Redis) {
  const clock = new BusinessClock();
  const jobs = new JobQueue(database, config.jobs, log);
  // Built once the database is known; the client waits for it on its first call.
  const limiter = SharedRateLimiter.create({ database, redis });
  limiter.catch((err) => log.error({ err }, 'could not set up the shared WeCom rate limiter'));
  const smsProvider: SmsProvider =
    config.smsProvider === 'sim'
      ? new SimSmsProvider(config.simUrl!, config.simToken, log)
      : config.smsProvider === 'http'
        ? new HttpSmsProvider(config.smsHttp!, log)
        : new LogSmsProvider(log);
  const gzh = new GzhClient(config.gzh, log);

  const accountRepo = new AccountRepository(database);
  const sessions = new SessionService(new SessionRepository(database), config.tokenTtlDays);
  const passwords = new PasswordHasher(config.argon2MemoryKib);
  const smsCodes = new SmsCodeService(new SmsCodeRepository(database), smsProvider, config.limits);
  const scenes = new QrSceneService(new QrSceneRepository(database), gzh);
  const accounts = new AccountService({
    accounts: accountRepo,
    sessions,
    smsCodes,
    scenes,
    guard: new LoginGuard(new LoginFailureRepository(database), config.limits.loginMaxFailures),
    passwords,
    debugLoginCode: config.debugLoginCode,
  });
  const secrets = new SecretBox({ secretKey: config.secretKey, dataDir: config.dataDir, database });
  const provider = new ProviderSettings(config, log);
  const workSpaceRepo = new WorkSpaceRepository(database);
  const gateway = new WecomGateway({
    baseUrl: config.wecom.baseUrl,
    timeoutMs: config.wecom.timeoutMs,
    suiteTickets: new SuiteTicketRepository(database),
    workSpaces: workSpaceRepo,
    secrets,
    provider,
    limiter: { acquire: async (corpId, path) => (await limiter).acquire(corpId, path) },
  });
  const sync = new SyncService({ repo: new SyncRepository(database), workSpaces: workSpaceRepo, gateway, jobs, log });
  const workSpaces = new WorkSpaceService(workSpaceRepo, {
    gateway,
    secrets,
    sync,
    publicUrl: config.publicUrl,
    trustedIps: config.trustedIps,
  });
  const wecomAuth = new WecomAuthService({
    states: new WecomAuthStateRepository(database),
    gateway,
    provider,
    workSpaces,
    installUrl: config.wecom.installUrl,
    publicUrl: config.publicUrl,
    log,
  });
  const materials = new MaterialService({ database, gateway, jobs, clock, publicUrl: config.publicUrl, log });
  const contactWayRepo = new ContactWayRepository(database);
  const contactWays = new ContactWayService({ repo: contactWayRepo, workSpaces: workSpaceRepo, gateway, jobs, clock, materials, log });
  const riskRepo = new RiskRepository(database);
  const risk = new RiskEngine({
    repo: riskRepo,
    contactWays: contactWayRepo,
    workSpaces: workSpaceRepo,
    clock,
    reconcile: (wsId, ids) => contactWays.requestReconcile(wsId, ids),
    log,
  });
  contactWays.risk = risk;
  const codeStats = new CodeStatsRepository(database);
  const customers = new CustomerService(new CustomerRepository(database));
  const attribution = new AttributionService({ repo: contactWayRepo, customers, contactWays, risk, workSpaces: workSpaceRepo, gateway, materials, jobs, clock, log });
  const callbacks = new CallbackService({
    database,
    inbox: new CallbackEventRepository(database),
    workSpaces,
    sync,
    gateway,
    provider,
    auth: wecomAuth,
    jobs,
    clock,
    contacts: attribution,
    log,
  });

  // Every minute: risk periods turn, cron plans and code schedules switch members, temporary codes expire.
  jobs.register(RISK_TICK_JOB, {
    concurrency: 1,
    maxAttempts: 3,
    run: async () => {
      await risk.tick();
      await contactWays.reconcileScheduled();
      await contactWays.expireTemporary();
    },
  });
  jobs.register(CLEANUP_JOB, {
    concurrency: 1,
    maxAttempts: 3,
    run: async () => {
      const now = Date.now();
      await jobs.repo.purge(now, 7 * 86_400_000, 30 * 86_400_000);
      await database.kysely.deleteFrom('session').where('expires_at', '<', now).execute();
      await database.kysely.deleteFrom('sms_code').where('expires_at', '<', now - 86_400_000).execute();
      await database.kysely.deleteFrom('qr_scene').where('expires_at', '<', now - 86_400_000).execute();
      await database.kysely.deleteFrom('login_failure').where('created_at', '<', now - 86_400_000).execute();
      await database.kysely.deleteFrom('callback_nonce').where('expires_at', '<', now).execute();
      await materials.purgeUnusedFiles(now);
      await callbacks.purge(clock.now() - config.callbackRetentionDays * 86_400_000);
    },
  });
  const scheduler = new Scheduler(
    jobs,
    [
      { name: 'risk', pattern: '* * * * *', kind: RISK_TICK_JOB },
      { name: 'media', pattern: '7 * * * *', kind: MEDIA_RENEW_JOB },
      { name: 'cleanup', pattern: '17 4 * * *', kind: CLEANUP_JOB },
      { name: 'callback-sweep', pattern: '* * * * *', kind: SWEEP_JOB },
    ],
    log,
  );

  return {
    clock,
    jobs,
    scheduler,
    limiter,
    materials,
    contactWays,
    channelCodes: new ChannelCodeService(contactWays),
    codeFigures: new CodeFiguresService({ stats: codeStats, repo: contactWayRepo, core: contactWays, clock }),
    leads: new LeadService(contactWays, new LeadRepository(database), codeStats),
    riskPlans: new RiskService({ repo: riskRepo, engine: risk, contactWays, clock }),
    risk,
    attribution,
    sessions,
    accounts,
    children: new ChildAccountService(accountRepo, sessions, passwords),
    workSpaces,
    wecomAuth,
    wecomProvider: provider,
    callbacks,
    sync,
    members: new MemberService(new MemberRepository(database), sync),
    tags: new TagService(new TagRepository(database)),
    customers,
    gzhCallbacks: new GzhCallbackService(scenes, (accountId, openid) => accounts.bindScannedOpenid(accountId, openid), log),
  };
}
