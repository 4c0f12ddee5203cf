// Pinned to WeCom's official WXBizMsgCrypt test vectors (shared/research/wecom-crypto-vectors.md).
import { describe, expect, it } from 'vitest';
import { WecomCrypto, WecomCryptoError, signature } from '../src/crypto';

const crypto = new WecomCrypto({
  token: 'QDG6eK',
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
  receiveId: 'wx5823bf96d3bd56c7',
});

const echostr = 'P9nAzCzyDtyTWESHep1vC5X9xho/qYX3Zpb4yKa9SKld1DsH3Iyt3tP3zNdtp+4RPcs8TgAE7OaBO+FZXvnaqQ==';
const eventEncrypt =
  'RypEvHKD8QQKFhvQ6QleEB4J58tiPdvo+rtK1I9qca6aM/wvqnLSV5zEPeusUiX5L5X/0lWfrf0QADHHhGd3QczcdCUpj911L3vg3W/sYYvuJTs3TUUkSUXxaccAS0qhxchrRYt66wiSpGLYL42aM6A8dTT+6k4aSknmPj48kzJs8qLjvd4Xgpue06DOdnLxAUHzM6+kDZ+HMZfJYuR+LtwGc2hgf5gsijff0ekUNXZiqATP7PF5mZxZ3Izoun1s4zG4LUMnvw2r+KqCKIw+3IQH03v+BCA9nMELNqbSf6tiWSrXJB3LAVGUcallcrw8V2t9EL4EhzJWrQUax5wLVMNS0+rUPA3k22Ncx4XXZS9o0MBH27Bo6BpNelZpS+/uh9KsNlY6bHCmJU9p8g7m3fVKn28H3KDYA5Pl/T8Z1ptDAVe0lXdQ2YoyyH2uyPIGHBZZIs2pDBS8R07+qN+E7Q==';

describe('WeCom callback crypto (official vectors)', () => {
  it('verifies and decrypts the URL-verification echostr', () => {
    const plain = crypto.verifyUrl({
      msg_signature: '5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3',
      timestamp: '1409659589',
      nonce: '263014780',
      echostr,
    });
    expect(plain).toBe('1616140317555161061');
  });

  it('verifies and decrypts the event push', () => {
    const xml = crypto.openEvent(
      { msg_signature: '477715d11cdb4164915debcba66cb864d751f3e6', timestamp: '1409659813', nonce: '1372623149' },
      eventEncrypt,
    );
    expect(xml).toContain('<AgentID>218</AgentID>');
    expect(xml).toContain('<MsgType><![CDATA[text]]></MsgType>');
    expect(Buffer.from(eventEncrypt, 'base64').length % 32).toBe(0);
  });

  it('rejects a forged signature', () => {
    expect(() =>
      crypto.openEvent({ msg_signature: '477715d11cdb4164915debcba66cb864d751f3e7', timestamp: '1409659813', nonce: '1372623149' }, eventEncrypt),
    ).toThrow(WecomCryptoError);
    expect(() =>
      crypto.openEvent({ msg_signature: '477715d11cdb4164915debcba66cb864d751f3e6', timestamp: '1409659814', nonce: '1372623149' }, eventEncrypt),
    ).toThrow(/签名校验失败/);
  });

  it('rejects a message sealed for another corp (receiveid)', () => {
    const other = new WecomCrypto({ token: 'QDG6eK', encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C', receiveId: 'wwOTHERCORP' });
    const sealed = other.seal('<xml><Event>x</Event></xml>');
    expect(() => crypto.openEvent(sealed.query, sealed.encrypt)).toThrow(expect.objectContaining({ reason: 'receiveid' }));
  });

  it('rejects bad padding', () => {
    // A block of zeros decrypts to garbage whose last byte is almost never a valid 1..32 pad repeated.
    const bad = Buffer.alloc(32, 7).toString('base64');
    expect(() => crypto.decrypt(bad)).toThrow(WecomCryptoError);
  });

  it('round-trips what it seals, with a signature over the four parts', () => {
    const sealed = crypto.seal('<xml><Event><![CDATA[change_external_contact]]></Event></xml>', '1700000000', 'abc');
    expect(sealed.query.msg_signature).toBe(signature('QDG6eK', '1700000000', 'abc', sealed.encrypt));
    expect(crypto.openEvent(sealed.query, sealed.encrypt)).toContain('change_external_contact');
    expect(Buffer.from(sealed.encrypt, 'base64').length % 32).toBe(0);
  });
});
