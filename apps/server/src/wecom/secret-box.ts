// Secrets at rest (app secrets, permanent codes): AES-256-GCM, stored as "v2.<iv>.<tag>.<ciphertext>" (base64url)
// with associated data naming the row and column it belongs to (`bindingOf`), so a ciphertext copied
// to another row or column does not open. "v1." values (no associated data) still open; the reader
// writes them back as v2 (WecomGateway).
// The key: SECRET_KEY when set; else on SQLite a key generated once into DATA_DIR/secret.key; else on
// PostgreSQL a key generated once into the server_secret table, so every server process shares it.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerSecretRepository } from './server-secret.repository.js';

export function parseKey(raw: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes: 64 hex characters or base64');
  return key;
}

/** Opened values kept per (binding, sealed value): every WeCom call of a job opens its corp's secret. */
const OPENED_MAX = 1_000;

export class SecretBox {
  private key: Promise<Buffer> | undefined;
  /**
   * What `open` answered, by binding and sealed value (authenticated: the same pair always opens to the
   * same text). The oldest goes first beyond OPENED_MAX. A changed secret is a new sealed value.
   */
  private readonly opened = new Map<string, string>();

  constructor(private readonly opts: { secretKey?: string; dataDir: string; keys: ServerSecretRepository }) {}

  private loadKey(): Promise<Buffer> {
    this.key ??= this.resolveKey().catch((err) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }

  private async resolveKey(): Promise<Buffer> {
    if (this.opts.secretKey) return parseKey(this.opts.secretKey);
    if (this.opts.keys.dialect === 'sqlite') {
      const file = join(this.opts.dataDir, 'secret.key');
      if (!existsSync(file)) {
        mkdirSync(this.opts.dataDir, { recursive: true });
        writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
      }
      return parseKey(readFileSync(file, 'utf8').trim());
    }
    return parseKey(await this.opts.keys.getOrCreate('secret_key', randomBytes(32).toString('hex')));
  }

  /** Encrypts `plain` for the place `binding` names (see bindingOf). */
  async seal(plain: string, binding: string): Promise<string> {
    return this.encrypt('v2', plain, binding);
  }

  /** The v1 format, without associated data: kept to test reading old values. */
  async sealV1(plain: string): Promise<string> {
    return this.encrypt('v1', plain, undefined);
  }

  private async encrypt(version: 'v1' | 'v2', plain: string, binding: string | undefined): Promise<string> {
    const key = await this.loadKey();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    if (binding !== undefined) cipher.setAAD(Buffer.from(binding, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [version, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** Decrypts a value sealed for `binding` (v2) or an old unbound one (v1); throws when it belongs elsewhere. */
  async open(sealed: string, binding: string): Promise<string> {
    const known = `${binding}\0${sealed}`;
    const kept = this.opened.get(known);
    if (kept !== undefined) return kept;
    const plain = await this.decrypt(sealed, binding);
    if (this.opened.size >= OPENED_MAX) this.opened.delete(this.opened.keys().next().value!);
    this.opened.set(known, plain);
    return plain;
  }

  private async decrypt(sealed: string, binding: string): Promise<string> {
    const key = await this.loadKey();
    const [v, iv, tag, data] = sealed.split('.');
    if ((v !== 'v1' && v !== 'v2') || !iv || !tag || data === undefined) throw new Error('unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    if (v === 'v2') decipher.setAAD(Buffer.from(binding, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether a stored value is of the old, unbound format (and should be sealed again). */
  static isUnbound(sealed: string): boolean {
    return sealed.startsWith('v1.');
  }
}

/** The associated data of a work space's secret: its column, owner account and CorpID (unique together). */
export function bindingOf(column: 'secret_enc' | 'permanent_code_enc', ws: { account_id: number; corp_id: string | null }): string {
  return `work_space.${column}:${ws.account_id}:${ws.corp_id ?? ''}`;
}
