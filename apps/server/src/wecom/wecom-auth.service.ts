// The two authorisation flows that end in a work space without a secret typed by hand:
// provider apps (third: pre-auth code → install page → auth_code → permanent code) and
// 代开发 apps (replace: install link with a state → create_auth on the template callback → permanent code).
import type { FastifyBaseLogger } from 'fastify';
import type { AuthResult, AuthUrl, WorkSpaceInfo } from '@scrm/contracts/qw';
import type { AuthContext } from '../auth/session.service.js';
import { AppError } from '../http/errors.js';
import { newState, ownerOf, type WorkSpaceService } from '../workspace/workspace.service.js';
import type { ServiceProviderSettings } from './service-provider-settings.js';
import type { WecomAuthStateRepository } from './wecom-auth-state.repository.js';
import { wecomFailure, type ProviderKind, type WecomGateway } from './wecom-gateway.js';

const STATE_TTL_MS = 30 * 60_000;

interface PermanentCodeBody {
  permanent_code?: string;
  auth_corp_info?: { corpid?: string; corp_name?: string };
  auth_info?: { agent?: Array<{ agentid?: number | string }> };
}

export class WecomAuthService {
  constructor(
    private readonly deps: {
      states: WecomAuthStateRepository;
      gateway: WecomGateway;
      provider: ServiceProviderSettings;
      workSpaces: WorkSpaceService;
      installUrl: string;
      publicUrl: string;
      log: FastifyBaseLogger;
    },
  ) {}

  private async newState(caller: AuthContext, kind: 'third' | 'replace') {
    const state = newState();
    const now = Date.now();
    await this.deps.states.insert({ state, account_id: ownerOf(caller), kind, work_space_id: null, error: null, created_at: now, expires_at: now + STATE_TTL_MS });
    return { state, expiresAt: now + STATE_TTL_MS };
  }

  private async stateOf(caller: AuthContext, state: string, kind: 'third' | 'replace') {
    const row = await this.deps.states.find(state, kind, ownerOf(caller));
    if (!row) throw new AppError(404, '授权请求不存在，请重新发起授权');
    return row;
  }

  async replaceAuthUrl(caller: AuthContext): Promise<AuthUrl> {
    const p = await this.deps.provider.get();
    if (!p.templateId) throw new AppError(400, '未配置代开发应用模板');
    const { state, expiresAt } = await this.newState(caller, 'replace');
    const url = `${this.deps.installUrl}/customized/install?template_id=${encodeURIComponent(p.templateId)}&state=${state}`;
    return { url, state, expiresAt };
  }

  async authResult(caller: AuthContext, state: string): Promise<AuthResult> {
    const row = await this.stateOf(caller, state, 'replace');
    if (row.work_space_id === null && !row.error && row.expires_at < Date.now()) {
      return { done: false, id: null, error: '授权链接已过期，请重新生成' };
    }
    return { done: row.work_space_id !== null, id: row.work_space_id, error: row.error };
  }

  async thirdPreCode(caller: AuthContext): Promise<AuthUrl> {
    const p = await this.deps.provider.get();
    let preAuthCode: string;
    try {
      const provider = await this.deps.gateway.provider('suite');
      preAuthCode = ((await provider.getPreAuthCode()) as { pre_auth_code: string }).pre_auth_code;
    } catch (err) {
      throw wecomFailure(err);
    }
    const { state, expiresAt } = await this.newState(caller, 'third');
    const redirect = `${this.deps.publicUrl}/#/qw/thirdapp/callback`;
    const q = new URLSearchParams({ suite_id: p.suiteId, pre_auth_code: preAuthCode, redirect_uri: redirect, state });
    return { url: `${this.deps.installUrl}/3rdapp/install?${q}`, state, expiresAt };
  }

  async thirdCallback(caller: AuthContext, authCode: string, state: string): Promise<WorkSpaceInfo> {
    const row = await this.stateOf(caller, state, 'third');
    if (row.work_space_id !== null) return this.deps.workSpaces.info(caller, row.work_space_id);
    if (row.expires_at < Date.now()) throw new AppError(400, '授权已过期，请重新发起授权');
    const id = await this.exchange('suite', 'third', row.account_id, authCode);
    await this.deps.states.setWorkSpace(state, id);
    return this.deps.workSpaces.info(caller, id);
  }

  /** create_auth on the template callback: binds the 代开发 corp to the account of the state. */
  async onTemplateCreateAuth(authCode: string, state: string | undefined): Promise<void> {
    const row = state ? await this.deps.states.find(state, 'replace') : undefined;
    if (!row) {
      this.deps.log.warn({ state }, '代开发 create_auth without a known state: ignored');
      return;
    }
    if (row.work_space_id !== null) return;
    try {
      const id = await this.exchange('template', 'replace', row.account_id, authCode);
      await this.deps.states.setWorkSpace(row.state, id);
    } catch (err) {
      const message = wecomFailure(err).message;
      await this.deps.states.setError(row.state, message);
    }
  }

  /** reset_permanent_code: exchange the new auth code and keep the new permanent code. */
  async onResetPermanentCode(kind: ProviderKind, authCode: string): Promise<void> {
    const provider = await this.deps.gateway.provider(kind);
    const body = (await provider.getPermanentCode(authCode)) as PermanentCodeBody;
    const corpId = body.auth_corp_info?.corpid;
    if (!body.permanent_code || !corpId) throw new Error('get_permanent_code answered without a permanent code');
    await this.deps.workSpaces.replacePermanentCode(kind === 'suite' ? 'third' : 'replace', corpId, body.permanent_code);
  }

  private async exchange(kind: ProviderKind, accessType: 'third' | 'replace', owner: number, authCode: string): Promise<number> {
    let body: PermanentCodeBody;
    try {
      const provider = await this.deps.gateway.provider(kind);
      body = (await provider.getPermanentCode(authCode)) as PermanentCodeBody;
    } catch (err) {
      throw wecomFailure(err);
    }
    const corpId = body.auth_corp_info?.corpid;
    if (!body.permanent_code || !corpId) throw new AppError(502, '企业微信未返回永久授权码');
    return this.deps.workSpaces.saveAuthorized(owner, {
      accessType,
      corpId,
      corpName: body.auth_corp_info?.corp_name ?? '',
      agentId: String(body.auth_info?.agent?.[0]?.agentid ?? ''),
      permanentCode: body.permanent_code,
    });
  }
}
