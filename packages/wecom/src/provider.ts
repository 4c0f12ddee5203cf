// ProviderApi: the third-party app (suite) calls, made with the suite_access_token.
import { SUITE_TOKEN_INVALID, digest, type TokenSource } from './calls';
import type { WecomClient } from './client';
import { WecomError } from './errors';
import type { WecomResponse } from './wire/common';
import type { CorpTokenResponse, PermanentCodeResponse, PreAuthCodeResponse, SessionInfo } from './wire/provider';

export interface ProviderOptions {
  suiteId: string;
  suiteSecret: string;
  /** The newest suite_ticket pushed to the instruction callback. */
  suiteTicket: () => Promise<string>;
}

export class ProviderApi {
  readonly suiteId: string;
  private readonly suiteToken: TokenSource;

  constructor(
    private readonly client: WecomClient,
    private readonly opts: ProviderOptions,
  ) {
    this.suiteId = opts.suiteId;
    this.suiteToken = client.tokenSource(
      `suite:${opts.suiteId}:${digest(opts.suiteSecret)}`,
      'suite_access_token',
      SUITE_TOKEN_INVALID,
      async () => ({
        corpId: this.suiteId,
        path: 'service/get_suite_token',
        method: 'POST',
        body: { suite_id: this.opts.suiteId, suite_secret: this.opts.suiteSecret, suite_ticket: await this.opts.suiteTicket() },
      }),
    );
  }

  private call<T extends WecomResponse>(path: string, method: 'GET' | 'POST', body?: unknown): Promise<T> {
    return this.client.request<T>({ corpId: this.suiteId, path, method, body, token: this.suiteToken });
  }

  /** suite_access_token (cached, single-flight, refreshed early). */
  getSuiteToken(): Promise<string> {
    return this.client.token(this.suiteToken);
  }

  getPreAuthCode(): Promise<PreAuthCodeResponse> {
    return this.call('service/get_pre_auth_code', 'GET');
  }

  setSessionInfo(preAuthCode: string, sessionInfo: SessionInfo): Promise<WecomResponse> {
    return this.call('service/set_session_info', 'POST', { pre_auth_code: preAuthCode, session_info: sessionInfo });
  }

  /** The v2 path first; where it is not served (or fails), v1. The auth_code is single-use. */
  async getPermanentCode(authCode: string): Promise<PermanentCodeResponse> {
    try {
      return await this.call<PermanentCodeResponse>('service/v2/get_permanent_code', 'POST', { auth_code: authCode });
    } catch (err) {
      if (!(err instanceof WecomError)) throw err;
      return this.call<PermanentCodeResponse>('service/get_permanent_code', 'POST', { auth_code: authCode });
    }
  }

  getCorpToken(corpId: string, permanentCode: string): Promise<CorpTokenResponse> {
    return this.call('service/get_corp_token', 'POST', { auth_corpid: corpId, permanent_code: permanentCode });
  }
}
