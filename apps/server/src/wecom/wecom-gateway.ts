// The one door to WeCom: builds the client's CorpApi for a work space (by its access type) and the
// ProviderApi for the suite (third) and the template (replace). Secrets are opened here, never returned.
import { WecomClient, type CorpApi, type LicenseApi, type ProviderApi } from '@scrm/wecom/client';
import { WecomError, wecomErrorMessage } from '@scrm/wecom/errors';
import type { RateLimiter } from '@scrm/wecom/limiter';
import { AppError } from '../http/errors.js';
import type { ServiceProviderSettings } from './service-provider-settings.js';
import type { WorkSpaceRepository } from '../workspace/workspace.repository.js';
import { bindingOf, SecretBox } from './secret-box.js';
import type { SuiteTicketRepository } from './suite-ticket.repository.js';

export interface CorpCredentials {
  id: number;
  account_id: number;
  access_type: string;
  corp_id: string | null;
  secret_enc: string | null;
  permanent_code_enc: string | null;
}

export type ProviderKind = 'suite' | 'template';

/** A WeCom failure as the 400 an operator reads (the client's one mapping of codes to Chinese). */
export function wecomFailure(err: unknown): AppError {
  if (err instanceof WecomError) return new AppError(400, wecomErrorMessage(err.errcode));
  if (err instanceof AppError) return err;
  return new AppError(502, '无法连接企业微信，请稍后重试');
}

export class WecomGateway {
  readonly client: WecomClient;

  constructor(
    private readonly opts: { baseUrl: string; timeoutMs: number; suiteTickets: SuiteTicketRepository; workSpaces: WorkSpaceRepository; secrets: SecretBox; provider: ServiceProviderSettings; limiter?: RateLimiter },
  ) {
    this.client = new WecomClient({ baseUrl: opts.baseUrl, timeoutMs: opts.timeoutMs, limiter: opts.limiter });
  }

  /** How long a WeCom call may wait for its answer (WECOM_TIMEOUT_MS). */
  get timeoutMs(): number {
    return this.opts.timeoutMs;
  }

  /** gettoken with a corp id and secret: throws WecomError (40001, 40013…) when they are wrong. */
  async verifySecret(corpId: string, secret: string): Promise<void> {
    const url = `${this.opts.baseUrl}/gettoken?corpid=${encodeURIComponent(corpId)}&corpsecret=${encodeURIComponent(secret)}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => ({ errcode: -1, errmsg: 'bad response' }))) as { errcode?: number; errmsg?: string };
    if (body.errcode) throw new WecomError(body.errcode, body.errmsg ?? '', '/gettoken');
  }

  async provider(kind: ProviderKind): Promise<ProviderApi> {
    const p = await this.opts.provider.get();
    const suiteId = kind === 'suite' ? p.suiteId : p.templateId;
    const suiteSecret = kind === 'suite' ? p.suiteSecret : p.templateSecret;
    if (!suiteId || !suiteSecret) throw new AppError(400, kind === 'suite' ? '未配置第三方应用（服务商套件）' : '未配置代开发应用模板');
    return this.client.provider({
      suiteId,
      suiteSecret,
      suiteTicket: async () => {
        const ticket = await this.opts.suiteTickets.find(suiteId);
        if (ticket === undefined) throw new AppError(400, '尚未收到企业微信推送的 suite_ticket，请稍后重试');
        return ticket;
      },
    });
  }

  /** The interface-licence (接口许可) calls, with the provider's own corp id and provider secret. */
  async licence(): Promise<LicenseApi> {
    const p = await this.opts.provider.get();
    if (!p.providerCorpId || !p.providerSecret) throw new AppError(400, '未配置服务商企业 ID 与服务商 Secret，无法使用接口许可');
    return this.client.license({ providerCorpId: p.providerCorpId, providerSecret: p.providerSecret });
  }

  /** suite_ticket, pushed by WeCom every 10 minutes to a provider app. */
  async saveSuiteTicket(suiteId: string, ticket: string): Promise<void> {
    await this.opts.suiteTickets.save(suiteId, ticket, Date.now());
  }

  async corp(ws: CorpCredentials): Promise<CorpApi> {
    if (!ws.corp_id) throw new AppError(400, '企业尚未完成授权');
    if (ws.access_type === 'third') {
      if (!ws.permanent_code_enc) throw new AppError(400, '企业尚未完成授权');
      const permanentCode = await this.openSecret(ws, 'permanent_code_enc', ws.permanent_code_enc);
      return this.client.authorizedCorp(await this.provider('suite'), { corpId: ws.corp_id, permanentCode });
    }
    // 代开发: the permanent code is the app secret and tokens come from plain gettoken.
    const column = ws.access_type === 'replace' ? 'permanent_code_enc' : 'secret_enc';
    const sealed = ws[column];
    if (!sealed) throw new AppError(400, '企业尚未配置 Secret');
    return this.client.corp({ corpId: ws.corp_id, secret: await this.openSecret(ws, column, sealed) });
  }

  /** Opens a work space's secret; an old unbound (v1) value is written back bound to its row. */
  private async openSecret(ws: CorpCredentials, column: 'secret_enc' | 'permanent_code_enc', sealed: string): Promise<string> {
    const binding = bindingOf(column, ws);
    const plain = await this.opts.secrets.open(sealed, binding);
    if (SecretBox.isUnbound(sealed)) {
      const bound = await this.opts.secrets.seal(plain, binding);
      await this.opts.workSpaces.rebindSecret(ws.id, column, sealed, bound);
    }
    return plain;
  }
}
