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
import { LogSmsProvider, SimSmsProvider, type SmsProvider } from './providers/sms.js';
import { SmsCodeRepository } from './sms-code/sms-code.repository.js';
import { SmsCodeService } from './sms-code/sms-code.service.js';
import { WorkSpaceRepository } from './workspace/workspace.repository.js';
import { WorkSpaceService } from './workspace/workspace.service.js';
import { CallbackEventRepository } from './callback/callback-event.repository.js';
import { CallbackService } from './callback/callback.service.js';
import { MemberRepository } from './member/member.repository.js';
import { MemberService } from './member/member.service.js';
import { SyncRepository } from './sync/sync.repository.js';
import { SyncService } from './sync/sync.service.js';
import { ProviderSettings } from './wecom/provider-settings.js';
import { SecretBox } from './wecom/secret-box.js';
import { WecomAuthService } from './wecom/wecom-auth.service.js';
import { WecomGateway } from './wecom/wecom-gateway.js';

export type Services = ReturnType<typeof createServices>;

export function createServices(config: Config, database: Database, log: FastifyBaseLogger) {
  const smsProvider: SmsProvider =
    config.smsProvider === 'sim' ? new SimSmsProvider(config.simUrl!, log) : new LogSmsProvider(log);
  const gzh = new GzhClient(config.gzh, log);

  const accountRepo = new AccountRepository(database);
  const sessions = new SessionService(new SessionRepository(database), config.tokenTtlDays);
  const passwords = new PasswordHasher(config.argon2MemoryKib);
  const smsCodes = new SmsCodeService(new SmsCodeRepository(database), smsProvider, config.limits);
  const scenes = new QrSceneService(new QrSceneRepository(database), gzh);
  const accounts = new AccountService({
    database,
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
  const gateway = new WecomGateway({ baseUrl: config.wecom.baseUrl, database, secrets, provider });
  const workSpaceRepo = new WorkSpaceRepository(database);
  const sync = new SyncService({ repo: new SyncRepository(database), workSpaces: workSpaceRepo, gateway, log });
  const workSpaces = new WorkSpaceService(workSpaceRepo, {
    gateway,
    secrets,
    sync,
    publicUrl: config.publicUrl,
    trustedIps: config.trustedIps,
  });
  const wecomAuth = new WecomAuthService({
    database,
    gateway,
    provider,
    workSpaces,
    installUrl: config.wecom.installUrl,
    publicUrl: config.publicUrl,
    log,
  });
  const callbacks = new CallbackService({
    database,
    inbox: new CallbackEventRepository(database),
    workSpaces,
    sync,
    gateway,
    provider,
    auth: wecomAuth,
    log,
  });
  return {
    sessions,
    accounts,
    children: new ChildAccountService(database, accountRepo, sessions, passwords),
    workSpaces,
    wecomAuth,
    wecomProvider: provider,
    callbacks,
    sync,
    members: new MemberService(new MemberRepository(database), sync),
    gzhCallbacks: new GzhCallbackService(scenes, (accountId, openid) => accounts.bindScannedOpenid(accountId, openid), log),
  };
}
