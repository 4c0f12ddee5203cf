// The composition root: every repository, provider and service is built here, once per app, with its
// dependencies named; routes receive only the services they use (app.ts), and the job queue learns its
// kinds from composition/job-registry.ts.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { AccountRepository } from './account/account.repository.js';
import { AccountService } from './account/account.service.js';
import { ChildAccountService } from './account/child/child.service.js';
import { ChildRepository } from './account/child/child.repository.js';
import { RoleRepository } from './account/role/role.repository.js';
import { RoleService } from './account/role/role.service.js';
import { LoginFailureRepository } from './account/login-failure.repository.js';
import { LoginGuard } from './account/login-guard.js';
import { PasswordHasher } from './account/password.js';
import { SessionRepository } from './auth/session.repository.js';
import { SessionService } from './auth/session.service.js';
import { SessionCache } from './auth/session-cache.js';
import { CustomerSearches } from './customer/customer-searches.js';
import { AccessTokenRepository } from './auth/access-token.repository.js';
import { AccessTokenService } from './auth/access-token.service.js';
import { UserCentreService } from './account/user-centre.service.js';
import { GzhCallbackService } from './gzh/gzh-callback.service.js';
import { QrSceneRepository } from './gzh/qr-scene.repository.js';
import { QrSceneService } from './gzh/qr-scene.service.js';
import { GzhClient } from './outbound/gzh-client.js';
import { HttpSmsSender, LogSmsSender, SimSmsSender, type SmsSender } from './outbound/sms.js';
import { SmsCodeRepository } from './sms-code/sms-code.repository.js';
import { SmsCodeService } from './sms-code/sms-code.service.js';
import { WorkSpaceRepository } from './workspace/workspace.repository.js';
import { WorkSpaceService } from './workspace/workspace.service.js';
import { CallbackEventRepository } from './callback/callback-event.repository.js';
import { CallbackService } from './callback/callback.service.js';
import { CallbackReplayGuard } from './callback/replay-guard.js';
import { CallbackNonceRepository } from './callback/callback-nonce.repository.js';
import { MemberRepository } from './member/member.repository.js';
import { MemberService } from './member/member.service.js';
import { MemberGroupRepository } from './member/group/member-group.repository.js';
import { MemberGroupService } from './member/group/member-group.service.js';
import { SyncRepository } from './sync/sync.repository.js';
import { SyncService } from './sync/sync.service.js';
import { ServiceProviderSettings } from './wecom/service-provider-settings.js';
import { LicenceRepository } from './licence/licence.repository.js';
import { LicenceService } from './licence/licence.service.js';
import { AppError } from './http/errors.js';
import { SecretBox } from './wecom/secret-box.js';
import { ServerSecretRepository } from './wecom/server-secret.repository.js';
import { WecomAuthService } from './wecom/wecom-auth.service.js';
import { WecomAuthStateRepository } from './wecom/wecom-auth-state.repository.js';
import { WecomGateway } from './wecom/wecom-gateway.js';
import { SuiteTicketRepository } from './wecom/suite-ticket.repository.js';
import { SharedRateLimiter } from './wecom/shared-limiter.js';
import { BusinessClock } from './clock/clock.js';
import { KeptAnswers } from './http/kept-answers.js';
import { JobQueue } from './jobs/job-queue.js';
import { JobRepository } from './jobs/job.repository.js';
import { Scheduler } from './jobs/scheduler.js';
import { Cleanup } from './composition/cleanup.js';
import { jobKinds, registerJobs, SCHEDULES } from './composition/job-registry.js';
import { ContactWayRepository } from './contact-way/contact-way.repository.js';
import { ContactWayService, queueCodeUsers } from './contact-way/contact-way.service.js';
import { LeadRepository } from './contact-way/lead/lead.repository.js';
import { LeadService } from './contact-way/lead/lead.service.js';
import { StaffCodeService } from './contact-way/staff/staff-code.service.js';
import { CustomerRepository } from './customer/customer.repository.js';
import { CustomerService } from './customer/customer.service.js';
import { CustomerEventRepository } from './customer/customer-event.repository.js';
import { CustomerEventService } from './customer/customer-event.service.js';
import { CustomerBatchRepository } from './customer/customer-batch.repository.js';
import { CustomerBatchService } from './customer/customer-batch.service.js';
import { CustomerEditService } from './customer/customer-edit.service.js';
import { CustomerListRepository } from './customer/customer-list.repository.js';
import { CustomerListService } from './customer/customer-list.service.js';
import { MaterialRepository } from './material/material.repository.js';
import { ChannelCodeService } from './contact-way/channel/channel-code.service.js';
import { CodeStatsRepository } from './contact-way/figures/code-stats.repository.js';
import { CodeFiguresService } from './contact-way/figures/code-figures.service.js';
import { AttributionService } from './contact-way/attribution/attribution.service.js';
import { RiskRepository } from './risk/risk.repository.js';
import { RiskEngine } from './risk/risk-engine.js';
import { RiskService } from './risk/risk.service.js';
import { MaterialService } from './material/material.service.js';
import { TagRepository } from './tag/tag.repository.js';
import { TagService } from './tag/tag.service.js';
import { DataCentreRepository } from './data/data-centre.repository.js';
import { DataCentreService } from './data/data-centre.service.js';
import { NotificationRepository } from './notify/notification.repository.js';
import { LossAlertService } from './notify/loss-alert.service.js';
import { RecipientRepository } from './notify/recipient.repository.js';
import { RecipientService } from './notify/recipient.service.js';
import { DeliveryRepository } from './notify/delivery.repository.js';
import { NotifyDeliveryService } from './notify/delivery.service.js';
import { GroupRepository } from './group/group.repository.js';
import { GroupService } from './group/group.service.js';
import { TransferRepository } from './transfer/transfer.repository.js';
import { TransferService } from './transfer/transfer.service.js';
import { MomentRepository } from './moment/moment.repository.js';
import { MomentService } from './moment/moment.service.js';
import { AutoTagRepository } from './auto-tag/auto-tag.repository.js';
import { AutoTagService } from './auto-tag/auto-tag.service.js';
import { PushRepository } from './push/push.repository.js';
import { PushAudienceWalker } from './push/push-audience.js';
import { PushDeliveryService } from './push/push-delivery.service.js';
import { PushService } from './push/push.service.js';
import { SeatRepository } from './seat/seat.repository.js';
import { SeatService } from './seat/seat.service.js';
import { DistributorRepository } from './distributor/distributor.repository.js';
import { DistributorService } from './distributor/distributor.service.js';
import { DistributorSessionRepository } from './distributor/distributor-session.repository.js';
import { DistributorSessionService } from './distributor/distributor-session.service.js';
import { OrderRepository } from './order/order.repository.js';
import { OrderService } from './order/order.service.js';
import { SimPayment } from './order/payment/sim-payment.js';
import type { Redis } from 'ioredis';

export type Services = ReturnType<typeof createServices>;

export function createServices(config: Config, database: Database, log: FastifyBaseLogger, redis?: Redis) {
  const clock = new BusinessClock();
  const jobs = new JobQueue(new JobRepository(database), config.jobs, log);
  // Built once the database is known; the client waits for it on its first call.
  const limiter = SharedRateLimiter.create({ database, redis });
  limiter.catch((err) => log.error({ err }, 'could not set up the shared WeCom rate limiter'));
  const smsSender: SmsSender =
    config.smsProvider === 'sim'
      ? new SimSmsSender(config.simUrl!, config.simToken, log)
      : config.smsProvider === 'http'
        ? new HttpSmsSender(config.smsHttp!, log)
        : new LogSmsSender(log);
  const gzh = new GzhClient(config.gzh, log);

  // ---- repositories
  const accountRepo = new AccountRepository(database);
  const sessionRepo = new SessionRepository(database);
  const smsCodeRepo = new SmsCodeRepository(database);
  const sceneRepo = new QrSceneRepository(database);
  const loginFailureRepo = new LoginFailureRepository(database);
  const workSpaceRepo = new WorkSpaceRepository(database);
  const contactWayRepo = new ContactWayRepository(database);
  const riskRepo = new RiskRepository(database);
  const codeStats = new CodeStatsRepository(database);
  const replay = new CallbackReplayGuard(new CallbackNonceRepository(database));

  // ---- 资源包: seats (docs/seats.md). Built first: registration grants the trial, channel codes ask who holds a seat.
  const seats: SeatService = new SeatService({
    repo: new SeatRepository(database),
    clock,
    log,
    notify: (wsId, n) => notifyDelivery.notify(wsId, n),
    reconcile: async (wsId, userids) => queueCodeUsers(jobs, wsId, await contactWayRepo.channelCodesOf(wsId, userids)),
    codeMembers: async (ws, codeId): Promise<string[]> => (await channelCodes.members(ws, codeId)).list.map((m: { userid: string }) => m.userid),
    adminToken: config.adminToken,
    debugCode: config.debugLoginCode,
  });

  // ---- seat orders and their payment (docs/seats.md, "Orders and payment")
  const pay = config.orders.pay;
  const orders = new OrderService({
    repo: new OrderRepository(database),
    seats,
    clock,
    log,
    replay,
    distributorOf: (accountId) => distributors.distributorOf(accountId),
    pay: pay && new SimPayment({ baseUrl: pay.baseUrl, key: pay.key, notifyUrl: `${config.publicUrl}/api/pay/notify/sim` }),
    seatPriceFen: config.orders.seatPriceFen,
    ttlMs: config.orders.ttlMinutes * 60_000,
    publicUrl: config.publicUrl,
    adminToken: config.adminToken,
  });

  // ---- accounts
  // Kept sessions (auth/session-cache.ts). PostgreSQL: emptied by this process's own writes to who may
  // call at once (the once-a-minute last seen time changes no session's answer) and by every process's at
  // their commit through LISTEN scrm_auth (migration 0032's NOTIFY; app.ts starts it). SQLite: each used
  // only under the change mark it was read at.
  const postgres = database.dialect === 'postgres';
  const sessionCache = new SessionCache(postgres ? undefined : () => database.changeMark());
  if (postgres) database.writes.watch(['session', 'account', 'child_role'], () => sessionCache.invalidate(), { ignoredColumns: ['last_seen_at'] });
  const sessions = new SessionService(sessionRepo, config.tokenTtlDays, sessionCache);
  const passwords = new PasswordHasher(config.argon2MemoryKib);
  const smsCodes = new SmsCodeService(smsCodeRepo, smsSender, config.limits);
  const scenes = new QrSceneService(sceneRepo, gzh);
  const roles = new RoleService(new RoleRepository(database));
  const accounts = new AccountService({
    accounts: accountRepo,
    sessions,
    smsCodes,
    scenes,
    guard: new LoginGuard(loginFailureRepo, config.limits.loginMaxFailures),
    passwords,
    debugLoginCode: config.debugLoginCode,
    grantTrial: (accountId, trx) => seats.grantTrial(accountId, trx),
    attributeScan: (sceneCode, accountId, trx) => distributors.attributeScan(sceneCode, accountId, trx),
  });

  // ---- 分销商门户 (docs/distributors.md): its own sessions, its customers, the promotion scan's attribution
  const distributorSessions = new DistributorSessionService(new DistributorSessionRepository(database), config.tokenTtlDays);
  const distributors: DistributorService = new DistributorService({
    repo: new DistributorRepository(database),
    sessions: distributorSessions,
    smsCodes,
    guard: new LoginGuard(loginFailureRepo, config.limits.loginMaxFailures),
    seats,
    pollLoginQr: (code, client) => accounts.pollLoginQr(code, client),
    sceneOpen: async (code) => {
      const scene = await scenes.find(code);
      return !!scene && scene.purpose === 'login' && scene.status !== 'done' && Number(scene.expires_at) > Date.now();
    },
    debugLoginCode: config.debugLoginCode,
    adminToken: config.adminToken,
    publicUrl: config.publicUrl,
    now: () => Date.now(),
  });

  // ---- 消息中心: recipients bound by scan, and the delivery of what the domains notify (docs/notify.md)
  const notifyRecipients = new RecipientService({ repo: new RecipientRepository(database), scenes, clock });
  const notifyDelivery = new NotifyDeliveryService({
    repo: new DeliveryRepository(database),
    recipients: notifyRecipients,
    gzh,
    sms: smsSender,
    jobs,
    clock,
    log,
    templateId: config.gzh.notifyTemplateId,
    publicUrl: config.publicUrl,
  });
  const notified = () => void notifyDelivery.poke();

  // ---- WeCom and work spaces
  const secrets = new SecretBox({ secretKey: config.secretKey, dataDir: config.dataDir, keys: new ServerSecretRepository(database) });
  const provider = new ServiceProviderSettings(config, log);
  const gateway = new WecomGateway({
    baseUrl: config.wecom.baseUrl,
    timeoutMs: config.wecom.timeoutMs,
    suiteTickets: new SuiteTicketRepository(database),
    workSpaces: workSpaceRepo,
    secrets,
    provider,
    limiter: { acquire: async (corpId, path) => (await limiter).acquire(corpId, path) },
  });
  const sync = new SyncService({ repo: new SyncRepository(database), workSpaces: workSpaceRepo, gateway, jobs, log, notify: (wsId, n) => notifyDelivery.notify(wsId, n) });
  const members = new MemberService(new MemberRepository(database), sync);
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

  // ---- codes, risk control and contact events
  const materials = new MaterialService({ repo: new MaterialRepository(database), workSpaces: workSpaceRepo, gateway, clock, publicUrl: config.publicUrl, log });
  // Risk control asks for codes to be recomputed through a job; codes ask risk control who is offline.
  const risk = new RiskEngine({
    repo: riskRepo,
    contactWays: contactWayRepo,
    clock,
    reconcile: (wsId, ids) => queueCodeUsers(jobs, wsId, ids),
    notify: (wsId, n) => notifyDelivery.notify(wsId, n),
    log,
  });
  const contactWays = new ContactWayService({ repo: contactWayRepo, workSpaces: workSpaceRepo, gateway, jobs, clock, materials, risk, seats, log });
  const channelCodes = new ChannelCodeService(contactWays);
  const customerEvents = new CustomerEventService(new CustomerEventRepository(database));
  // Loss alerts hear of every deletion as it is recorded; the data centre's roll-ups follow the relations
  // (their writers mark the customer, sync/follow-tag.repository.ts), not the events.
  const dataCentre = new DataCentreService({ repo: new DataCentreRepository(database), jobs, clock, log, syncing: (wsId) => sync.isRunning(wsId) });
  const lossAlerts = new LossAlertService({ repo: new NotificationRepository(database), clock, log, notified });
  customerEvents.listen(lossAlerts);
  const customerRepo = new CustomerRepository(database);
  const customerListRepo = new CustomerListRepository(database);
  const customers = new CustomerService(customerRepo, customerEvents);
  const customerSearches = new CustomerSearches();
  database.writes.watch(['customer', 'follow_relation', 'follow_tag', 'contact_way'], () => customerSearches.clear(), { inserts: true });
  const customerList = new CustomerListService({ list: customerListRepo, customers: customerRepo, jobs, searches: customerSearches });
  const customerBatches = new CustomerBatchService({
    batches: new CustomerBatchRepository(database),
    list: customerListRepo,
    customers: customerRepo,
    events: customerEvents,
    workSpaces: workSpaceRepo,
    gateway,
    jobs,
  });
  const customerEdits = new CustomerEditService({ customers: customerRepo, events: customerEvents, gateway });
  const attribution = new AttributionService({ repo: contactWayRepo, customers, contactWays, risk, workSpaces: workSpaceRepo, gateway, materials, jobs, clock, log });
  const groups = new GroupService({ repo: new GroupRepository(database), sync, customerEvents, clock });
  const transfers = new TransferService({ repo: new TransferRepository(database), workSpaces: workSpaceRepo, gateway, sync, jobs, customerEvents, clock, log });
  const moments = new MomentService({ repo: new MomentRepository(database), workSpaces: workSpaceRepo, materials, gateway, jobs, clock, log });
  const autoTags = new AutoTagService({ repo: new AutoTagRepository(database), workSpaces: workSpaceRepo, gateway, jobs, customerEvents, contactWays, clock, log });
  customerEvents.listen(autoTags);
  const callbacks = new CallbackService({
    database,
    inbox: new CallbackEventRepository(database),
    replay,
    workSpaces,
    sync,
    gateway,
    provider,
    auth: wecomAuth,
    jobs,
    clock,
    contacts: attribution,
    customerEvents,
    groups,
    transfers,
    watcher: autoTags,
    log,
  });

  // ---- 群发
  const pushRepo = new PushRepository(database);
  const pushAudience = new PushAudienceWalker({ repo: pushRepo, customerList, groups });
  const pushDelivery = new PushDeliveryService({
    repo: pushRepo,
    audience: pushAudience,
    workSpaces: workSpaceRepo,
    gateway,
    materials,
    customerEvents,
    jobs,
    clock,
    log,
    taskMax: config.pushTaskMax,
    notify: (wsId, n) => notifyDelivery.notify(wsId, n),
  });
  const pushes = new PushService({ repo: pushRepo, delivery: pushDelivery, audience: pushAudience, materials, clock });

  // ---- jobs
  const cleanup = new Cleanup({
    jobs: jobs.repo,
    sessions: sessionRepo,
    smsCodes: smsCodeRepo,
    scenes: sceneRepo,
    loginFailures: loginFailureRepo,
    replay,
    materials,
    callbacks,
    notifyRecipients,
    distributorSessions,
    clock,
    callbackRetentionDays: config.callbackRetentionDays,
  });
  const tags = new TagService({ repo: new TagRepository(database), sync, gateway, jobs });
  registerJobs(jobs, jobKinds({ contactWays, attribution, callbacks, sync, materials, risk, tags, autoTags, cleanup, transfers, dataCentre, customerBatches, customerList, moments, pushDelivery, notifyDelivery, seats, orders }));
  const scheduler = new Scheduler(jobs, SCHEDULES, log);

  return {
    clock,
    sessionCache,
    keptAnswers: new KeptAnswers(),
    jobs,
    scheduler,
    distributors,
    distributorSessions,
    limiter,
    replay,
    materials,
    contactWays,
    channelCodes,
    seats,
    orders,
    staffCodes: new StaffCodeService(contactWays),
    leads: new LeadService(contactWays, new LeadRepository(database), codeStats),
    codeFigures: new CodeFiguresService({ stats: codeStats, contactWays, clock }),
    risk,
    riskControl: new RiskService({ repo: riskRepo, engine: risk, contactWays, clock }),
    attribution,
    sessions,
    accounts,
    userCentre: new UserCentreService({ accounts: accountRepo, sessions, smsCodes, passwords }),
    accessTokens: new AccessTokenService(
      new AccessTokenRepository(database),
      AccessTokenService.entries(config.sisterApps, config.sisterAppSecrets),
    ),
    children: new ChildAccountService({ accounts: accountRepo, children: new ChildRepository(database), roles, workSpaces, sessions, passwords }),
    roles,
    workSpaces,
    wecomAuth,
    wecomProvider: provider,
    callbacks,
    sync,
    members,
    memberGroups: new MemberGroupService(new MemberGroupRepository(database), members, clock),
    licences: new LicenceService({
      repo: new LicenceRepository(database),
      workSpaces,
      members,
      gateway,
      clock,
      // the simulator takes any buyer; a real provider names its admin in WECOM_LICENCE_BUYER_USERID
      buyerUserid: async () => {
        if (config.wecom.licenceBuyer) return config.wecom.licenceBuyer;
        if (provider.fromSimulator) return 'sim-provider-admin';
        throw new AppError(400, '未配置接口许可的下单人（WECOM_LICENCE_BUYER_USERID）');
      },
    }),
    tags,
    customers,
    customerEvents,
    dataCentre,
    lossAlerts,
    groups,
    transfers,
    moments,
    customerList,
    customerBatches,
    customerEdits,
    autoTags,
    pushes,
    pushDelivery,
    notifyRecipients,
    notifyDelivery,
    gzhCallbacks: new GzhCallbackService(
      scenes,
      (accountId, openid) => accounts.bindScannedOpenid(accountId, openid),
      log,
      (code, openid) => notifyRecipients.scanned(code, openid),
    ),
  };
}
