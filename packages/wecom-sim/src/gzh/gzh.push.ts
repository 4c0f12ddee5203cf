// Pushes an event to the official account's server URL the way WeChat does: plain XML, signed
// over the query, retried when the receiver does not answer "success" within the timeout.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

export interface PushOptions {
  callbackUrl: string;
  token: string;
  /** Per attempt (WeChat: 5 s). */
  timeoutMs: number;
  /** Further attempts after the first (WeChat: 3). */
  retries: number;
  log: FastifyBaseLogger;
}

export function signature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

const cdata = (v: string) => `<![CDATA[${v.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** WeChat's flat message: text fields in CDATA, numbers bare. */
export function toXml(fields: Record<string, string | number>): string {
  const body = Object.entries(fields)
    .map(([k, v]) => `<${k}>${typeof v === 'number' ? v : cdata(v)}</${k}>`)
    .join('');
  return `<xml>${body}</xml>`;
}

/** True once an attempt is answered with HTTP 200 and "success" (or an empty body, which WeChat also accepts). */
export async function pushEvent(xml: string, openid: string, opts: PushOptions): Promise<boolean> {
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = String(randomBytes(4).readUInt32BE());
    const url = new URL(opts.callbackUrl);
    url.searchParams.set('signature', signature(opts.token, timestamp, nonce));
    url.searchParams.set('timestamp', timestamp);
    url.searchParams.set('nonce', nonce);
    url.searchParams.set('openid', openid);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: xml,
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      const text = (await res.text()).trim();
      if (res.ok && (text === 'success' || text === '')) return true;
      opts.log.warn({ attempt, status: res.status, body: text.slice(0, 200) }, 'gzh callback not accepted');
    } catch (err) {
      opts.log.warn({ attempt, err: (err as Error).message }, 'gzh callback failed');
    }
  }
  return false;
}
