// Secrets at rest (app secrets, permanent codes): AES-256-GCM, stored as "v1.<iv>.<tag>.<ciphertext>" (base64url).
// The key: SECRET_KEY when set; else on SQLite a key generated once into DATA_DIR/secret.key; else on
// PostgreSQL a key generated once into the server_secret table, so every server process shares it.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/database.js';

export function parseKey(raw: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes: 64 hex characters or base64');
  return key;
}

export class SecretBox {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly opts: { secretKey?: string; dataDir: string; database: Database }) {}

  private loadKey(): Promise<Buffer> {
    this.key ??= this.resolveKey().catch((err) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }

  private async resolveKey(): Promise<Buffer> {
    if (this.opts.secretKey) return parseKey(this.opts.secretKey);
    if (this.opts.database.dialect === 'sqlite') {
      const file = join(this.opts.dataDir, 'secret.key');
      if (!existsSync(file)) {
        mkdirSync(this.opts.dataDir, { recursive: true });
        writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
      }
      return parseKey(readFileSync(file, 'utf8').trim());
    }
    const db = this.opts.database.kysely;
    await db
      .insertInto('server_secret')
      .values({ name: 'secret_key', value: randomBytes(32).toString('hex'), created_at: Date.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('server_secret').select('value').where('name', '=', 'secret_key').executeTakeFirstOrThrow();
    return parseKey(row.value);
  }

  async seal(plain: string): Promise<string> {
    const key = await this.loadKey();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  async open(sealed: string): Promise<string> {
    const key = await this.loadKey();
    const [v, iv, tag, data] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
