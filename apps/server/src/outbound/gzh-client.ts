// Official-account (公众号) API client. The same client talks to the simulator or to
// https://api.weixin.qq.com; only the base URL and the credentials differ.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../http/errors.js';

export interface GzhClientOptions {
  baseUrl: string | undefined;
  appId: string;
  appSecret: string;
}

export interface GzhQrCode {
  ticket: string;
  url: string;
  expireSeconds: number;
}

interface MpReply {
  errcode?: number;
  errmsg?: string;
  [k: string]: unknown;
}

/** access_token invalid, expired or not the latest: refresh once and retry. */
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);
/** Refresh this long before WeChat's stated expiry. */
const TOKEN_MARGIN_MS = 5 * 60_000;

export class GzhApiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`gzh api error ${errcode}: ${errmsg}`);
  }
}

/**
 * A template message that did not go: `sent` says whether WeChat may have received it all the same
 * ('unknown': the request left and no answer came), `retry` whether trying again may help.
 */
export class GzhSendError extends Error {
  constructor(
    message: string,
    readonly sent: 'no' | 'unknown',
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** Answers that mean "not now": system busy, API rate limit. */
const BUSY_ERRORS = new Set([-1, 45009, 45011]);
/** Connection errors that prove the request never reached the server. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export class GzhClient {
  private token: { value: string; expiresAt: number } | null = null;
  private refreshing: Promise<string> | null = null;

  constructor(
    private readonly opts: GzhClientOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  get configured(): boolean {
    return Boolean(this.opts.baseUrl);
  }

  /** A temporary QR code with a string scene (QR_STR_SCENE). */
  async createTempQr(sceneStr: string, expireSeconds: number): Promise<GzhQrCode> {
    const reply = await this.safely('qrcode/create', () =>
      this.withToken((token) =>
        this.request('POST', `/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, {
          expire_seconds: expireSeconds,
          action_name: 'QR_STR_SCENE',
          action_info: { scene: { scene_str: sceneStr } },
        }),
      ),
    );
    return {
      ticket: String(reply.ticket),
      url: String(reply.url),
      expireSeconds: Number(reply.expire_seconds ?? expireSeconds),
    };
  }

  /**
   * `POST /cgi-bin/message/template/send`: returns WeChat's msgid. Throws GzhSendError: an errcode
   * answer or a refused connection is `sent: 'no'`; a timeout or a broken answer is `sent: 'unknown'`.
   */
  async sendTemplate(msg: { touser: string; templateId: string; url?: string; data: Record<string, { value: string }> }): Promise<string> {
    let token: string;
    try {
      token = await this.accessToken();
    } catch (err) {
      throw new GzhSendError(`access_token: ${(err as Error).message}`, 'no', true);
    }
    const body = { touser: msg.touser, template_id: msg.templateId, ...(msg.url ? { url: msg.url } : {}), data: msg.data };
    const send = (t: string) => this.request('POST', `/cgi-bin/message/template/send?access_token=${encodeURIComponent(t)}`, body);
    try {
      let reply: MpReply;
      try {
        reply = await send(token);
      } catch (err) {
        if (!(err instanceof GzhApiError) || !TOKEN_ERRORS.has(err.errcode)) throw err;
        this.token = null;
        reply = await send(await this.accessToken());
      }
      return String(reply.msgid ?? '');
    } catch (err) {
      if (err instanceof GzhApiError) throw new GzhSendError(`${err.errcode} ${err.errmsg}`, 'no', BUSY_ERRORS.has(err.errcode));
      const code = (err as { cause?: { code?: string } }).cause?.code;
      if (code && NOT_CONNECTED.has(code)) throw new GzhSendError(`无法连接公众号接口（${code}）`, 'no', true);
      if (err instanceof AppError) throw new GzhSendError(err.message, 'no', false);
      throw new GzhSendError((err as Error).message, 'unknown', false);
    }
  }

  private async withToken(call: (token: string) => Promise<MpReply>): Promise<MpReply> {
    try {
      return await call(await this.accessToken());
    } catch (err) {
      if (!(err instanceof GzhApiError) || !TOKEN_ERRORS.has(err.errcode)) throw err;
      this.token = null;
      return call(await this.accessToken());
    }
  }

  /** The cached access_token, refreshed by one request at a time. */
  private accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return Promise.resolve(this.token.value);
    this.refreshing ??= this.fetchToken().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async fetchToken(): Promise<string> {
    const q = new URLSearchParams({ grant_type: 'client_credential', appid: this.opts.appId, secret: this.opts.appSecret });
    const reply = await this.request('GET', `/cgi-bin/token?${q}`);
    const value = String(reply.access_token);
    const ttlMs = Number(reply.expires_in ?? 7200) * 1000;
    this.token = { value, expiresAt: Date.now() + Math.max(ttlMs - TOKEN_MARGIN_MS, ttlMs / 2) };
    return value;
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<MpReply> {
    if (!this.opts.baseUrl) throw new AppError(503, '未配置公众号，暂不支持扫码');
    const res = await fetch(`${this.opts.baseUrl}${path}`, {
      method,
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`gzh api HTTP ${res.status} on ${path.split('?')[0]}`);
    const reply = (await res.json()) as MpReply;
    if (reply.errcode) throw new GzhApiError(reply.errcode, String(reply.errmsg ?? ''));
    return reply;
  }

  /** Maps any failure to one operator-facing error, logging the cause. */
  private async safely<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.log.error({ err }, `gzh ${what} failed`);
      throw new AppError(502, '公众号服务暂时不可用，请稍后重试');
    }
  }
}
