// SQL of 消息中心's setup: the classes an account switched on (notify_class_setting), the recipients
// (notify_recipient) and the QR requests that bind them (notify_bind, keyed by the qr_scene code).
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { affected } from '../db/database.js';
import type { DB, NotifyBindTable, NotifyClassSettingTable, NotifyRecipientTable } from '../db/tables.js';

export type RecipientRow = Selectable<NotifyRecipientTable>;
export type ClassSettingRow = Selectable<NotifyClassSettingTable>;
export type BindRow = Selectable<NotifyBindTable>;

export class RecipientRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  classSettings(accountId: number): Promise<ClassSettingRow[]> {
    return this.db.selectFrom('notify_class_setting').selectAll().where('account_id', '=', accountId).execute();
  }

  async saveClassSetting(row: ClassSettingRow): Promise<void> {
    await this.db
      .insertInto('notify_class_setting')
      .values(row)
      .onConflict((oc) => oc.columns(['account_id', 'class_key']).doUpdateSet({ enabled: row.enabled, sms: row.sms, updated_at: row.updated_at }))
      .execute();
  }

  async list(accountId: number, page: { offset: number; limit: number }): Promise<{ rows: RecipientRow[]; total: number }> {
    const base = this.db.selectFrom('notify_recipient').where('account_id', '=', accountId);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('id', 'asc').offset(page.offset).limit(page.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  async counts(accountId: number): Promise<{ recipients: number; bound: number }> {
    const r = await this.db
      .selectFrom('notify_recipient')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('openid').as('bound')])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return { recipients: Number(r?.n ?? 0), bound: Number(r?.bound ?? 0) };
  }

  /** The recipients of an account who chose a class (the planner's read). */
  async withClass(accountId: number, classKey: string): Promise<RecipientRow[]> {
    const rows = await this.db.selectFrom('notify_recipient').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
    return rows.filter((r) => (JSON.parse(r.classes) as string[]).includes(classKey));
  }

  find(accountId: number, id: number): Promise<RecipientRow | undefined> {
    return this.db.selectFrom('notify_recipient').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  findByOpenid(accountId: number, openid: string, db: Kysely<DB> = this.db): Promise<RecipientRow | undefined> {
    return db.selectFrom('notify_recipient').selectAll().where('account_id', '=', accountId).where('openid', '=', openid).executeTakeFirst();
  }

  async update(accountId: number, id: number, set: Partial<Pick<RecipientRow, 'name' | 'phone' | 'classes' | 'updated_at'>>): Promise<boolean> {
    const r = await this.db.updateTable('notify_recipient').set(set).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return affected(r) === 1;
  }

  async delete(accountId: number, id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('notify_recipient').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return affected(r) === 1;
  }

  async insertBind(row: BindRow): Promise<void> {
    await this.db.insertInto('notify_bind').values(row).execute();
  }

  async deleteBindsBefore(before: number): Promise<void> {
    await this.db.deleteFrom('notify_bind').where('created_at', '<', before).execute();
  }

  findBind(code: string): Promise<BindRow | undefined> {
    return this.db.selectFrom('notify_bind').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /**
   * A scan binds: the recipient the QR was made for gets the WeChat user (another recipient of the
   * account with that user gives it up), or a new recipient is made; `finish` (the scene's
   * scanned → done) in the same transaction. Returns the recipient's id.
   */
  bindScanned(
    bind: BindRow,
    openid: string,
    now: number,
    defaults: { classes: string[] },
    finish: (trx: Transaction<DB>) => Promise<void>,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await finish(trx);
      const holder = await this.findByOpenid(bind.account_id, openid, trx);
      const target = bind.recipient_id
        ? await trx.selectFrom('notify_recipient').select('id').where('account_id', '=', bind.account_id).where('id', '=', bind.recipient_id).executeTakeFirst()
        : undefined;
      if (target) {
        if (holder && holder.id !== target.id) {
          await trx.updateTable('notify_recipient').set({ openid: null, bound_at: null, updated_at: now }).where('id', '=', holder.id).execute();
        }
        await trx.updateTable('notify_recipient').set({ openid, bound_at: now, updated_at: now }).where('id', '=', target.id).execute();
        return target.id;
      }
      // The same WeChat user scanning again for a new recipient: that recipient is updated, not doubled.
      if (holder) {
        await trx
          .updateTable('notify_recipient')
          .set({ name: bind.name, ...(bind.phone ? { phone: bind.phone } : {}), bound_at: now, updated_at: now })
          .where('id', '=', holder.id)
          .execute();
        return holder.id;
      }
      const row = await trx
        .insertInto('notify_recipient')
        .values({
          account_id: bind.account_id,
          name: bind.name,
          phone: bind.phone,
          openid,
          classes: JSON.stringify(defaults.classes),
          bound_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }
}
