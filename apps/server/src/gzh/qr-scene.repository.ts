// SQL of the qr_scene table: the official-account QR codes shown for login and binding.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import { affected } from '../db/database.js';
import type { DB, QrSceneTable } from '../db/tables.js';

export type QrSceneRow = Selectable<QrSceneTable>;

export class QrSceneRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  async insert(row: QrSceneRow): Promise<void> {
    await this.db.insertInto('qr_scene').values(row).execute();
  }

  find(code: string): Promise<QrSceneRow | undefined> {
    return this.db.selectFrom('qr_scene').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** pending → scanned, once; false when the scene was not pending or has expired. */
  async markScanned(code: string, openid: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('qr_scene')
      .set({ status: 'scanned', openid })
      .where('code', '=', code)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return affected(r) === 1;
  }

  /** scanned → done, once; false when someone else finished it first. */
  async markDone(code: string, db: Kysely<DB> = this.db): Promise<boolean> {
    const r = await db
      .updateTable('qr_scene')
      .set({ status: 'done' })
      .where('code', '=', code)
      .where('status', '=', 'scanned')
      .executeTakeFirst();
    return affected(r) === 1;
  }

  /** Daily cleanup: scenes expired before `before`. */
  async deleteExpiredBefore(before: number): Promise<void> {
    await this.db.deleteFrom('qr_scene').where('expires_at', '<', before).execute();
  }
}
