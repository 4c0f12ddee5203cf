// Official-account QR scenes: created through the official-account API, scanned through
// its callback, consumed by the login and binding flows of the account domain.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { QR_EXPIRY_MS } from '@scrm/contracts/constants';
import type { QrCodeData } from '@scrm/contracts/account';
import type { DB, QrPurpose } from '../db/tables.js';
import { AppError } from '../http/errors.js';
import type { GzhClient } from '../outbound/gzh-client.js';
import type { QrSceneRepository, QrSceneRow } from './qr-scene.repository.js';

export class QrSceneService {
  constructor(
    private readonly scenes: QrSceneRepository,
    private readonly gzh: GzhClient,
  ) {}

  async create(purpose: QrPurpose, accountId: number | null): Promise<QrCodeData> {
    const code = `${purpose === 'login' ? 'l' : purpose === 'notify' ? 'n' : 'b'}_${randomBytes(16).toString('hex')}`;
    const qr = await this.gzh.createTempQr(code, QR_EXPIRY_MS / 1000);
    const now = Date.now();
    await this.scenes.insert({
      code,
      purpose,
      account_id: accountId,
      ticket: qr.ticket,
      url: qr.url,
      openid: null,
      wx_nickname: null,
      status: 'pending',
      created_at: now,
      expires_at: now + QR_EXPIRY_MS,
    });
    return { code, url: qr.url, expiresIn: QR_EXPIRY_MS };
  }

  /**
   * The scene a poll asks about, checked for the common failures:
   * unknown (or someone else's) → 「二维码无效」, used → 「二维码已使用」, expired → 「二维码已过期，请刷新」.
   */
  async forPoll(code: string, purpose: QrPurpose, accountId: number | null): Promise<QrSceneRow> {
    const scene = code ? await this.scenes.find(code) : undefined;
    if (!scene || scene.purpose !== purpose || (accountId !== null && scene.account_id !== accountId)) {
      throw new AppError(400, '二维码无效');
    }
    if (scene.status === 'done') throw new AppError(400, '二维码已使用');
    if (scene.expires_at <= Date.now()) throw new AppError(400, '二维码已过期，请刷新');
    return scene;
  }

  find(code: string): Promise<QrSceneRow | undefined> {
    return this.scenes.find(code);
  }

  /** Records a scan; returns the scene when this scan moved it from pending to scanned. */
  async markScanned(code: string, openid: string): Promise<QrSceneRow | undefined> {
    if (!(await this.scenes.markScanned(code, openid, Date.now()))) return undefined;
    return this.scenes.find(code);
  }

  /** Finishes a scanned scene inside the caller's transaction; 「二维码已使用」 if already finished. */
  async markDone(code: string, db: Kysely<DB>): Promise<void> {
    if (!(await this.scenes.markDone(code, db))) throw new AppError(400, '二维码已使用');
  }
}
