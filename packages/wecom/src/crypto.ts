// WeCom callback crypto (WXBizMsgCrypt): signature, AES-256-CBC with WeCom's framing, receiveid check.
// AESKey = base64(EncodingAESKey + "="), IV = its first 16 bytes; plaintext = random(16) |
// msg_len (4 bytes, big-endian) | msg | receiveid, PKCS#7-padded to a multiple of 32.
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BLOCK = 32;

export class WecomCryptoError extends Error {
  constructor(
    message: string,
    readonly reason: 'signature' | 'padding' | 'receiveid' | 'format' | 'key',
  ) {
    super(message);
    this.name = 'WecomCryptoError';
  }
}

export interface WecomCryptoOptions {
  token: string;
  encodingAesKey: string;
  /** corpid for corp callbacks, suiteid for provider instruction callbacks. */
  receiveId: string;
}

/** sha1 of the lexically sorted parts, hex — the msg_signature of WeCom callbacks. */
export function signature(...parts: string[]): string {
  return createHash('sha1').update([...parts].sort().join('')).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export class WecomCrypto {
  private readonly key: Buffer;
  private readonly iv: Buffer;

  constructor(private readonly opts: WecomCryptoOptions) {
    if (!/^[A-Za-z0-9+/]{43}$/.test(opts.encodingAesKey)) {
      throw new WecomCryptoError('EncodingAESKey 应为 43 位字母或数字', 'key');
    }
    this.key = Buffer.from(`${opts.encodingAesKey}=`, 'base64');
    this.iv = this.key.subarray(0, 16);
  }

  get receiveId(): string {
    return this.opts.receiveId;
  }

  sign(timestamp: string, nonce: string, encrypt: string): string {
    return signature(this.opts.token, timestamp, nonce, encrypt);
  }

  /** Constant-time check of a msg_signature. */
  verify(msgSignature: string, timestamp: string, nonce: string, encrypt: string): boolean {
    return sameHex(this.sign(timestamp, nonce, encrypt), msgSignature.toLowerCase());
  }

  encrypt(message: string, random: Buffer = randomBytes(16)): string {
    const body = Buffer.from(message, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length, 0);
    const plain = Buffer.concat([random, length, body, Buffer.from(this.opts.receiveId, 'utf8')]);
    const pad = BLOCK - (plain.length % BLOCK);
    const padded = Buffer.concat([plain, Buffer.alloc(pad, pad)]);
    const cipher = createCipheriv('aes-256-cbc', this.key, this.iv);
    cipher.setAutoPadding(false);
    return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
  }

  /** Decrypts and checks the padding (1..32) and the receiveid; returns the message. */
  decrypt(encrypt: string): string {
    const data = Buffer.from(encrypt, 'base64');
    if (data.length === 0 || data.length % 16 !== 0) throw new WecomCryptoError('密文长度无效', 'format');
    const decipher = createDecipheriv('aes-256-cbc', this.key, this.iv);
    decipher.setAutoPadding(false);
    const plain = Buffer.concat([decipher.update(data), decipher.final()]);
    const pad = plain[plain.length - 1];
    if (pad < 1 || pad > BLOCK || pad > plain.length) throw new WecomCryptoError('填充无效', 'padding');
    for (let i = plain.length - pad; i < plain.length; i++) {
      if (plain[i] !== pad) throw new WecomCryptoError('填充无效', 'padding');
    }
    const content = plain.subarray(16, plain.length - pad);
    if (content.length < 4) throw new WecomCryptoError('明文格式无效', 'format');
    const length = content.readUInt32BE(0);
    if (4 + length > content.length) throw new WecomCryptoError('明文长度无效', 'format');
    const message = content.subarray(4, 4 + length).toString('utf8');
    const receiveId = content.subarray(4 + length).toString('utf8');
    if (!sameHex(receiveId, this.opts.receiveId)) throw new WecomCryptoError('receiveid 不匹配', 'receiveid');
    return message;
  }

  /** URL verification (GET): checks the signature over echostr and returns its plaintext. */
  verifyUrl(q: { msg_signature: string; timestamp: string; nonce: string; echostr: string }): string {
    if (!this.verify(q.msg_signature, q.timestamp, q.nonce, q.echostr)) {
      throw new WecomCryptoError('签名校验失败', 'signature');
    }
    return this.decrypt(q.echostr);
  }

  /** An event POST: checks the signature over the Encrypt field and returns the plaintext XML. */
  openEvent(q: { msg_signature: string; timestamp: string; nonce: string }, encrypt: string): string {
    if (!this.verify(q.msg_signature, q.timestamp, q.nonce, encrypt)) {
      throw new WecomCryptoError('签名校验失败', 'signature');
    }
    return this.decrypt(encrypt);
  }

  /** Seals a message as WeCom sends it: the encrypted envelope XML and its query parameters. */
  seal(message: string, timestamp = String(Math.floor(Date.now() / 1000)), nonce = randomBytes(6).toString('hex')) {
    const encrypt = this.encrypt(message);
    const msgSignature = this.sign(timestamp, nonce, encrypt);
    const xml = `<xml><ToUserName><![CDATA[${this.opts.receiveId}]]></ToUserName><Encrypt><![CDATA[${encrypt}]]></Encrypt><AgentID><![CDATA[]]></AgentID></xml>`;
    return { xml, encrypt, query: { msg_signature: msgSignature, timestamp, nonce } };
  }
}
