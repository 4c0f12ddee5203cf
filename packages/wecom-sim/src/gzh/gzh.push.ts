// Pushes an event to the official account's server URL the way WeChat does, retried when the
// receiver does not answer "success" within the timeout; each attempt is signed afresh.
//   plain-text mode: the XML as is, `signature` over token, timestamp and nonce only;
//   safe mode (安全模式, with an EncodingAESKey): `<xml><ToUserName/><Encrypt/></xml>` — AES as for
//   WeCom callbacks, with the AppID as receiveid — plus `encrypt_type=aes` and `msg_signature`
//   over token, timestamp, nonce and Encrypt.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { WecomCrypto } from '@scrm/wecom/crypto';
import { send } from '../outbound.js';

export interface PushOptions {
  callbackUrl: string;
  token: string;
  /** Safe mode when set: the account's EncodingAESKey, AppID and original id (ToUserName). */
  safe?: { encodingAesKey: string; appId: string; originalId: string };
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
  const crypto = opts.safe
    ? new WecomCrypto({ token: opts.token, encodingAesKey: opts.safe.encodingAesKey, receiveId: opts.safe.appId })
    : null;
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = String(randomBytes(4).readUInt32BE());
    const url = new URL(opts.callbackUrl);
    url.searchParams.set('signature', signature(opts.token, timestamp, nonce));
    url.searchParams.set('timestamp', timestamp);
    url.searchParams.set('nonce', nonce);
    url.searchParams.set('openid', openid);
    let body = xml;
    if (crypto && opts.safe) {
      const encrypt = crypto.encrypt(xml);
      url.searchParams.set('encrypt_type', 'aes');
      url.searchParams.set('msg_signature', crypto.sign(timestamp, nonce, encrypt));
      body = toXml({ ToUserName: opts.safe.originalId, Encrypt: encrypt });
    }
    try {
      const res = await send({ url, method: 'POST', body, contentType: 'text/xml', timeoutMs: opts.timeoutMs, idempotent: true });
      const text = res.text.trim();
      if (res.status >= 200 && res.status < 300 && (text === 'success' || text === '')) return true;
      opts.log.warn({ attempt, status: res.status, body: text.slice(0, 200) }, 'gzh callback not accepted');
    } catch (err) {
      opts.log.warn({ attempt, err: (err as Error).message }, 'gzh callback failed');
    }
  }
  return false;
}
