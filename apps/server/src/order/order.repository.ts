// SQL of the seat orders (seat_order) and the payment notifications received (payment_notice). The
// state changes are conditional UPDATEs (`… WHERE state IN (…)`): of two deliveries racing, exactly one
// finds the order in the state it changes.
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import { affected } from '../db/database.js';
import type { SeatOrderTable } from '../db/tables.js';

export type Executor = Database['kysely'];
export type OrderRow = Selectable<SeatOrderTable>;
export type OrderState = OrderRow['state'];

/** What placing an order decides; the state, times and trade number are the repository's. */
export type NewOrder = Omit<Insertable<SeatOrderTable>, 'id' | 'state' | 'trade_no' | 'created_at' | 'updated_at' | 'paid_at' | 'closed_at'> & { seat_ids: string };

export class OrderRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async insert(o: NewOrder, now: number): Promise<OrderRow> {
    return this.db
      .insertInto('seat_order')
      .values({ ...o, state: 'pending', trade_no: null, created_at: now, updated_at: now, paid_at: null, closed_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async find(accountId: number, id: number): Promise<OrderRow | undefined> {
    return this.db.selectFrom('seat_order').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  }

  async byId(id: number, executor: Executor = this.db): Promise<OrderRow | undefined> {
    return executor.selectFrom('seat_order').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async byNo(provider: string, orderNo: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('seat_order').selectAll().where('order_no', '=', orderNo).where('provider', '=', provider).executeTakeFirst();
  }

  async page(accountId: number, state: OrderState | undefined, offset: number, limit: number): Promise<{ rows: OrderRow[]; total: number }> {
    let q = this.db.selectFrom('seat_order').where('account_id', '=', accountId);
    if (state) q = q.where('state', '=', state);
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** pending (or cancelled here while the provider took the money) → paid; false when another delivery was first. */
  async markPaid(trx: Executor, id: number, tradeNo: string | null, paidAt: number, now: number): Promise<boolean> {
    const r = await trx
      .updateTable('seat_order')
      .set({ state: 'paid', trade_no: tradeNo, paid_at: paidAt, closed_at: null, updated_at: now })
      .where('id', '=', id)
      .where('state', 'in', ['pending', 'cancelled'])
      .executeTakeFirst();
    return affected(r) === 1;
  }

  /** pending → cancelled (with `dueBy`: only when its time to pay is over). */
  async cancel(id: number, now: number, dueBy?: number, executor: Executor = this.db): Promise<boolean> {
    let q = executor.updateTable('seat_order').set({ state: 'cancelled', closed_at: now, updated_at: now }).where('id', '=', id).where('state', '=', 'pending');
    if (dueBy !== undefined) q = q.where('expires_at', '<=', dueBy);
    return affected(await q.executeTakeFirst()) === 1;
  }

  async markRefunded(trx: Executor, id: number, now: number): Promise<boolean> {
    const r = await trx.updateTable('seat_order').set({ state: 'refunded', closed_at: now, updated_at: now }).where('id', '=', id).where('state', '=', 'paid').executeTakeFirst();
    return affected(r) === 1;
  }

  /** What a refund took back (read by the operator's answer, whoever made the refund). */
  async setTakenBack(trx: Executor, id: number, taken: { takenBack: number; keptBound: number }): Promise<void> {
    await trx.updateTable('seat_order').set({ taken_back: taken.takenBack, kept_bound: taken.keptBound }).where('id', '=', id).execute();
  }

  /** Unpaid orders whose time to pay is over, oldest first. */
  async duePending(now: number, limit: number): Promise<OrderRow[]> {
    return this.db.selectFrom('seat_order').selectAll().where('state', '=', 'pending').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute();
  }

  /** Records a notification once per (provider, notify id); false when it was recorded before. */
  async recordNotice(trx: Executor, n: { provider: string; notifyId: string; orderId: number | null; outcome: string; now: number }): Promise<boolean> {
    const row = await trx
      .insertInto('payment_notice')
      .values({ provider: n.provider, notify_id: n.notifyId, order_id: n.orderId, outcome: n.outcome, received_at: n.now })
      .onConflict((oc) => oc.columns(['provider', 'notify_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return Boolean(row);
  }

  async setNoticeOutcome(trx: Executor, provider: string, notifyId: string, outcome: string): Promise<void> {
    await trx.updateTable('payment_notice').set({ outcome }).where('provider', '=', provider).where('notify_id', '=', notifyId).execute();
  }

  async noticeOutcome(provider: string, notifyId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('payment_notice').select('outcome').where('provider', '=', provider).where('notify_id', '=', notifyId).executeTakeFirst();
    return row?.outcome;
  }
}
