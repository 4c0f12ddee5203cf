// The official account's callback: the signature of the server-URL check and of plain-text mode,
// the safe mode's envelope (the same AES scheme as WeCom callbacks, with the AppID as receiveid),
// and the flat <xml> message.
import { createHash } from 'node:crypto';
import { WecomCrypto, WecomCryptoError } from '@scrm/wecom/crypto';
import { safeEqual } from '../auth/tokens.js';
import { AppError } from '../http/errors.js';

/** signature = sha1 of token, timestamp and nonce sorted and joined. */
export function gzhSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export function verifyGzhSignature(token: string, q: { signature?: string; timestamp?: string; nonce?: string }): boolean {
  if (!q.signature || !q.timestamp || !q.nonce) return false;
  return safeEqual(gzhSignature(token, q.timestamp, q.nonce), q.signature);
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeText(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    if (e[0] !== '#') return ENTITIES[e]!;
    const cp = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
  });
}

/**
 * Parses WeChat's flat message: `<xml><Name><![CDATA[value]]></Name><N>1</N>…</xml>`.
 * Only direct children of <xml> are read; nested elements, DOCTYPEs and entities beyond the
 * five predefined ones are never expanded. Returns null when the text is not such a message.
 */
export function parseGzhXml(text: string): Record<string, string> | null {
  if (text.length > 64 * 1024 || /<!DOCTYPE|<!ENTITY/i.test(text)) return null;
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<xml>([\s\S]*)<\/xml>\s*$/.exec(text);
  if (!root) return null;
  const out: Record<string, string> = {};
  const child = /<([A-Za-z_][\w.-]*)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g;
  for (const m of root[1]!.matchAll(child)) {
    out[m[1]!] = m[2] !== undefined ? m[2] : decodeText(m[3] ?? '');
  }
  return out;
}

/**
 * Safe mode (安全模式): `msg_signature` = sha1 of token, timestamp, nonce and the envelope's Encrypt,
 * which decrypts to the message followed by the account's AppID. Returns the message XML; a bad
 * signature is a 401, anything else that does not open a 400. Compatible mode's plaintext copy of the
 * fields in the envelope is never read.
 */
export function openGzhSafeMessage(
  opts: { token: string; aesKey: string; appId: string },
  q: { msg_signature: string; timestamp: string; nonce: string },
  body: string,
): string {
  const envelope = parseGzhXml(body);
  if (!envelope?.Encrypt) throw new AppError(400, '消息格式错误：安全模式的消息应带 Encrypt');
  try {
    return new WecomCrypto({ token: opts.token, encodingAesKey: opts.aesKey, receiveId: opts.appId }).openEvent(q, envelope.Encrypt);
  } catch (err) {
    if (err instanceof WecomCryptoError && err.reason === 'signature') throw new AppError(401, '签名校验失败');
    if (err instanceof WecomCryptoError && err.reason === 'receiveid') throw new AppError(400, '消息不属于该公众号（AppID 不匹配）');
    throw new AppError(400, '消息解密失败');
  }
}
