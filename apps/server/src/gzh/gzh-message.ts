// The official account's plain-text callback: signature check and the flat <xml> message.
import { createHash } from 'node:crypto';
import { safeEqual } from '../auth/tokens.js';

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
