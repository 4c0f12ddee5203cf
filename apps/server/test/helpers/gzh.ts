// Official-account callback requests as WeChat sends them, for tests that post to /api/gzh/callback.
import { randomBytes } from 'node:crypto';
import { WecomCrypto } from '@scrm/wecom/crypto';
import { gzhSignature, SIM_GZH_DEFAULTS, toXml } from '@scrm/wecom-sim';
import type { Harness } from './harness.js';

export const nowS = (offsetS = 0) => String(Math.floor(Date.now() / 1000) + offsetS);
export const newNonce = () => String(randomBytes(4).readUInt32BE());

/** A SCAN event of a QR scene by a WeChat user. */
export const scanEvent = (sceneStr: string, openid: string) =>
  toXml({ ToUserName: SIM_GZH_DEFAULTS.originalId, FromUserName: openid, CreateTime: Number(nowS()), MsgType: 'event', Event: 'SCAN', EventKey: sceneStr, Ticket: 't' });

/**
 * The URL and body of a callback: plain-text mode (signature over token, timestamp and nonce only),
 * or safe mode when a key is given (Encrypt envelope, encrypt_type=aes, msg_signature over it too).
 */
export function gzhRequest(h: Harness, xml: string, o: { timestamp?: string; nonce?: string; key?: string; token?: string } = {}) {
  const token = o.token ?? h.config.gzh.token;
  const timestamp = o.timestamp ?? nowS();
  const nonce = o.nonce ?? newNonce();
  const q: Record<string, string> = { signature: gzhSignature(token, timestamp, nonce), timestamp, nonce, openid: 'oSomeone' };
  let body = xml;
  if (o.key) {
    const crypto = new WecomCrypto({ token, encodingAesKey: o.key, receiveId: h.config.gzh.appId });
    const encrypt = crypto.encrypt(xml);
    q.encrypt_type = 'aes';
    q.msg_signature = crypto.sign(timestamp, nonce, encrypt);
    body = toXml({ ToUserName: SIM_GZH_DEFAULTS.originalId, Encrypt: encrypt });
  }
  return { url: `${h.baseUrl}/api/gzh/callback?${new URLSearchParams(q)}`, body };
}

export async function postGzh(r: { url: string; body: string }): Promise<{ status: number; text: string }> {
  const res = await fetch(r.url, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: r.body });
  return { status: res.status, text: await res.text() };
}
