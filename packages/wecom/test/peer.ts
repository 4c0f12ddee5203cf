// A small real WeCom peer on node:http for the client's tests: issues tokens, checks them, and serves
// whatever routes a test registers. Routes answer a body (HTTP 200) or {status, body}.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PeerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  /** Parsed JSON body for JSON posts. */
  body: any;
  /** The corp the access token was issued to. */
  corpId?: string;
}

export type PeerAnswer = Record<string, unknown> | { status: number; text: string };
export type Route = (req: PeerRequest) => PeerAnswer | Promise<PeerAnswer>;

export class WecomPeer {
  readonly calls: PeerRequest[] = [];
  readonly routes = new Map<string, Route>();
  /** Issued tokens → corp id. */
  readonly tokens = new Map<string, string>();
  readonly expired = new Set<string>();
  secrets = new Map<string, string>([['ww_corp', 'secret']]);
  tokenDelayMs = 0;
  expiresIn = 7200;
  private issued = 0;
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void this.handle(req, Buffer.concat(chunks)).then(
          (answer) => {
            if ('status' in answer && typeof answer.status === 'number' && 'text' in answer) {
              res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(String(answer.text));
            } else {
              res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
            }
          },
          (err: unknown) => res.writeHead(500).end(String(err)),
        );
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/cgi-bin`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server?.close(() => r()));
  }

  count(path: string): number {
    return this.calls.filter((c) => c.path === path).length;
  }

  issue(corpId: string): string {
    const token = `tok-${corpId}-${++this.issued}`;
    this.tokens.set(token, corpId);
    return token;
  }

  private async handle(req: IncomingMessage, raw: Buffer): Promise<PeerAnswer> {
    const url = new URL(req.url ?? '/', 'http://peer');
    const path = url.pathname.replace(/^\/cgi-bin\//, '');
    const isJson = (req.headers['content-type'] ?? '').includes('application/json');
    const call: PeerRequest = {
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      headers: req.headers,
      raw,
      body: isJson && raw.length ? JSON.parse(raw.toString('utf8')) : undefined,
    };
    this.calls.push(call);
    const route = this.routes.get(path);
    if (path === 'gettoken' && !route) {
      if (this.tokenDelayMs) await new Promise((r) => setTimeout(r, this.tokenDelayMs));
      const corpId = url.searchParams.get('corpid') ?? '';
      if (this.secrets.get(corpId) !== url.searchParams.get('corpsecret')) return { errcode: 40001, errmsg: 'invalid credential' };
      return { errcode: 0, errmsg: 'ok', access_token: this.issue(corpId), expires_in: this.expiresIn };
    }
    if (!route) return { status: 404, text: 'not found' };
    for (const param of ['access_token', 'suite_access_token', 'provider_access_token']) {
      const token = url.searchParams.get(param);
      if (token === null) continue;
      if (this.expired.has(token)) return { errcode: param === 'suite_access_token' ? 42009 : 42001, errmsg: 'access_token expired' };
      if (!this.tokens.has(token)) return { errcode: param === 'suite_access_token' ? 40082 : 40014, errmsg: 'invalid access_token' };
      call.corpId = this.tokens.get(token);
    }
    return route(call);
  }
}

export const ok = (fields: Record<string, unknown> = {}) => ({ errcode: 0, errmsg: 'ok', ...fields });
export const fail = (errcode: number, errmsg = 'error') => ({ errcode, errmsg: `${errmsg}, hint: [x], more info at https://open.work.weixin.qq.com/devtool/query?e=${errcode}` });

/** Serves `items` in pages of at most `cap` under `key`, with opaque cursors; records every cursor asked for. */
export function paged<T>(items: T[], key: string, cap: number, cursors: string[] = []): Route {
  return (req) => {
    const cursor: string = req.body?.cursor ?? req.query.get('cursor') ?? '';
    cursors.push(cursor);
    const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString().slice(2)) : 0;
    const limit = Math.min(Number(req.body?.limit ?? cap), cap);
    const page = items.slice(start, start + limit);
    const end = start + page.length;
    return ok({ [key]: page, next_cursor: end < items.length ? Buffer.from(`c:${end}`).toString('base64url') : '' });
  };
}
