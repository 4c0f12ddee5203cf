// SQL of 消息中心's delivery: notifications planned into deliveries (one notify_delivery row per
// notification, recipient and channel — the unique key is the idempotency record), each delivery's
// state, and SMS credits (notify_credit, notify_recharge).
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { affected } from '../db/database.js';
import type { DB, NotificationTable, NotifyDeliveryStatus, NotifyDeliveryTable, NotifyRechargeTable } from '../db/tables.js';

export type DeliveryRow = Selectable<NotifyDeliveryTable>;
export type RechargeRow = Selectable<NotifyRechargeTable>;
export type UnplannedNotice = Pick<Selectable<NotificationTable>, 'id' | 'account_id' | 'work_space_id' | 'kind' | 'title' | 'content' | 'created_at'>;

export interface NewDelivery {
  recipientId: number;
  channel: 'gzh' | 'sms';
  classKey: string;
  target: string;
}

export interface DeliveryLogRow extends DeliveryRow {
  title: string;
  content: string;
  recipient_name: string | null;
}

const FINAL: NotifyDeliveryStatus[] = ['sent', 'failed', 'unknown'];

export class DeliveryRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  /** A notification of a work space, for its main account (nothing when the work space is gone). */
  async insertNotice(wsId: number, n: { kind: string; title: string; content: string; refId: number | null }, now: number): Promise<void> {
    const ws = await this.db.selectFrom('work_space').select('account_id').where('id', '=', wsId).executeTakeFirst();
    if (!ws) return;
    await this.db
      .insertInto('notification')
      .values({ work_space_id: wsId, account_id: ws.account_id, kind: n.kind, title: n.title.slice(0, 128), content: n.content, ref_id: n.refId, created_at: now, read_at: null, delivered_at: null })
      .execute();
  }

  /** The oldest notifications not yet planned. */
  unplanned(limit: number): Promise<UnplannedNotice[]> {
    return this.db
      .selectFrom('notification')
      .select(['id', 'account_id', 'work_space_id', 'kind', 'title', 'content', 'created_at'])
      .where('planned_at', 'is', null)
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }

  workSpaceName(wsId: number): Promise<string | undefined> {
    return this.db
      .selectFrom('work_space')
      .select('nickname')
      .where('id', '=', wsId)
      .executeTakeFirst()
      .then((r) => r?.nickname);
  }

  /**
   * One notification's deliveries and their send jobs (`queue`, inside the transaction), and the
   * notification marked planned — all or nothing. A second planning of the same notification adds
   * nothing (planned_at is checked, and the rows are unique). Returns the new delivery ids.
   */
  plan(n: UnplannedNotice, deliveries: NewDelivery[], now: number, queue: (trx: Transaction<DB>, deliveryId: number) => Promise<unknown>): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('notification')
        .set({ planned_at: now, ...(deliveries.length ? {} : { delivered_at: now }) })
        .where('id', '=', n.id)
        .where('planned_at', 'is', null)
        .executeTakeFirst();
      if (affected(claimed) !== 1) return [];
      const ids: number[] = [];
      for (const d of deliveries) {
        const row = await trx
          .insertInto('notify_delivery')
          .values({
            account_id: n.account_id,
            notification_id: n.id,
            recipient_id: d.recipientId,
            channel: d.channel,
            class_key: d.classKey,
            target: d.target,
            status: 'pending',
            attempted_at: null,
            msgid: null,
            created_at: now,
            sent_at: null,
          })
          .onConflict((oc) => oc.columns(['notification_id', 'recipient_id', 'channel']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) continue;
        await queue(trx, row.id);
        ids.push(row.id);
      }
      return ids;
    });
  }

  find(id: number): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('notify_delivery').selectAll().where('id', '=', id).executeTakeFirst();
  }

  notice(id: number): Promise<Pick<Selectable<NotificationTable>, 'title' | 'content' | 'created_at' | 'work_space_id'> | undefined> {
    return this.db.selectFrom('notification').select(['title', 'content', 'created_at', 'work_space_id']).where('id', '=', id).executeTakeFirst();
  }

  /**
   * pending → sending, committed before the send (the idempotency mark): false when the delivery is
   * not pending (another run has it, or it is done). With `credit`, one SMS credit is taken in the same
   * transaction; 'no-credit' when the balance is 0 (the delivery is left pending for the caller to fail).
   */
  async markSending(id: number, now: number, credit?: { accountId: number }): Promise<boolean | 'no-credit'> {
    return this.db.transaction().execute(async (trx) => {
      if (credit) {
        const took = await trx
          .updateTable('notify_credit')
          .set((eb) => ({ sms_balance: eb('sms_balance', '-', 1), sms_used: eb('sms_used', '+', 1), updated_at: now }))
          .where('account_id', '=', credit.accountId)
          .where('sms_balance', '>=', 1)
          .executeTakeFirst();
        if (affected(took) !== 1) return 'no-credit';
      }
      const r = await trx
        .updateTable('notify_delivery')
        .set((eb) => ({ status: 'sending', attempted_at: now, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (affected(r) !== 1) throw new NotPending();
      return true;
    }).catch((err) => {
      if (err instanceof NotPending) return false;
      throw err;
    });
  }

  /** sending → pending after a send that certainly did not go (to be tried again); an SMS's credit returned. */
  async backToPending(d: Pick<DeliveryRow, 'id' | 'account_id' | 'channel'>, reason: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('notify_delivery')
        .set({ status: 'pending', reason: reason.slice(0, 255) })
        .where('id', '=', d.id)
        .where('status', '=', 'sending')
        .executeTakeFirst();
      if (affected(r) === 1 && d.channel === 'sms') await this.refund(trx, d.account_id, now);
    });
  }

  /**
   * A final state (sent, failed, unknown), from pending or sending; `refund` returns the SMS credit of
   * a send that certainly did not go. The notification is marked delivered once none of its deliveries is open.
   */
  async finish(
    d: Pick<DeliveryRow, 'id' | 'account_id' | 'notification_id'>,
    to: { status: 'sent' | 'failed' | 'unknown'; reason?: string; msgid?: string; refund?: boolean },
    now: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // The notification's row first (a no-op update, a lock on PostgreSQL): two deliveries of one
      // notification finishing at once take turns, so the last one sees the other's state and marks it delivered.
      await trx.updateTable('notification').set((eb) => ({ planned_at: eb.ref('planned_at') })).where('id', '=', d.notification_id).execute();
      const r = await trx
        .updateTable('notify_delivery')
        .set({ status: to.status, reason: (to.reason ?? '').slice(0, 255), msgid: to.msgid ?? null, sent_at: to.status === 'sent' ? now : null })
        .where('id', '=', d.id)
        .where('status', 'in', ['pending', 'sending'])
        .executeTakeFirst();
      if (affected(r) !== 1) return false;
      if (to.refund) await this.refund(trx, d.account_id, now);
      const open = await trx
        .selectFrom('notify_delivery')
        .select('id')
        .where('notification_id', '=', d.notification_id)
        .where('status', 'not in', FINAL)
        .limit(1)
        .executeTakeFirst();
      if (!open) await trx.updateTable('notification').set({ delivered_at: now }).where('id', '=', d.notification_id).where('delivered_at', 'is', null).execute();
      return true;
    });
  }

  private async refund(trx: Transaction<DB>, accountId: number, now: number): Promise<void> {
    await trx
      .updateTable('notify_credit')
      .set((eb) => ({ sms_balance: eb('sms_balance', '+', 1), sms_used: eb('sms_used', '-', 1), updated_at: now }))
      .where('account_id', '=', accountId)
      .execute();
  }

  async log(
    accountId: number,
    filter: { status?: NotifyDeliveryStatus; classKey?: string },
    page: { offset: number; limit: number },
  ): Promise<{ rows: DeliveryLogRow[]; total: number }> {
    let base = this.db
      .selectFrom('notify_delivery as d')
      .innerJoin('notification as n', 'n.id', 'd.notification_id')
      .leftJoin('notify_recipient as r', 'r.id', 'd.recipient_id')
      .where('d.account_id', '=', accountId);
    if (filter.status) base = base.where('d.status', '=', filter.status);
    if (filter.classKey) base = base.where('d.class_key', '=', filter.classKey);
    const [rows, count] = await Promise.all([
      base.selectAll('d').select(['n.title', 'n.content', 'r.name as recipient_name']).orderBy('d.id', 'desc').offset(page.offset).limit(page.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows: rows as DeliveryLogRow[], total: Number(count?.n ?? 0) };
  }

  // ---------------------------------------------------------------- credits

  /** The account's credit row, made with the gift (and its recharge record) on first use. */
  async credit(accountId: number, gift: number, now: number): Promise<{ sms_balance: number; sms_used: number }> {
    const found = await this.db.selectFrom('notify_credit').select(['sms_balance', 'sms_used']).where('account_id', '=', accountId).executeTakeFirst();
    if (found) return found;
    await this.db.transaction().execute(async (trx) => {
      const made = await trx
        .insertInto('notify_credit')
        .values({ account_id: accountId, sms_balance: gift, updated_at: now })
        .onConflict((oc) => oc.column('account_id').doNothing())
        .returning('account_id')
        .executeTakeFirst();
      if (made && gift > 0) {
        await trx.insertInto('notify_recharge').values({ account_id: accountId, kind: 'gift', amount: gift, balance_after: gift, note: '新账号赠送短信条数', created_at: now }).execute();
      }
    });
    return this.db.selectFrom('notify_credit').select(['sms_balance', 'sms_used']).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  }

  async recharges(accountId: number, page: { offset: number; limit: number }): Promise<{ rows: RechargeRow[]; total: number }> {
    const base = this.db.selectFrom('notify_recharge').where('account_id', '=', accountId);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }
}

class NotPending extends Error {}
