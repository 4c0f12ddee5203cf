// SQL of the distributors' portal: distributors, the scenes of their promotion link, the accounts they
// brought in (account.distributor_id) with their seats, their customers' orders and the seats they set.
// Every read of customers is keyed by the distributor: another distributor's account is simply not found.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import { affected } from '../db/database.js';
import type { DB, DistributorTable } from '../db/tables.js';

type Executor = Kysely<DB>;
export type DistributorRow = Selectable<DistributorTable>;

export interface CustomerRow {
  id: number;
  phone: string | null;
  nickname: string;
  created_at: number;
}
export interface SeatFigureRow {
  account_id: number;
  bought: number;
  used: number;
  expired: number;
  next: number | null;
}
export interface RechargeRow {
  id: number;
  order_no: string;
  account_id: number;
  phone: string | null;
  kind: 'buy' | 'renew';
  seat_count: number;
  term_days: number;
  unit_price_fen: number;
  amount_fen: number;
  state: 'paid' | 'refunded';
  paid_at: number | null;
  closed_at: number | null;
}
export interface SeatRecordRow {
  source: 'set' | 'order';
  id: number;
  kind: 'set' | 'buy' | 'renew';
  account_id: number;
  phone: string | null;
  seat_count: number;
  term_days: number;
  at: number;
  order_no: string | null;
}

const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export class DistributorRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  private normal(row: DistributorRow): DistributorRow {
    return { ...row, seat_price_fen: num(row.seat_price_fen), disabled: num(row.disabled), created_at: num(row.created_at), updated_at: num(row.updated_at) };
  }

  /** The distributor a main account came through, when it still sells (not disabled): its price applies to the account's orders. */
  async distributorOf(accountId: number): Promise<{ id: number; name: string; seatPriceFen: number } | undefined> {
    const row = await this.db
      .selectFrom('account')
      .innerJoin('distributor', 'distributor.id', 'account.distributor_id')
      .select(['distributor.id', 'distributor.name', 'distributor.seat_price_fen'])
      .where('account.id', '=', accountId)
      .where('distributor.disabled', '=', 0)
      .executeTakeFirst();
    return row && { id: row.id, name: row.name, seatPriceFen: Number(row.seat_price_fen) };
  }

  async findById(id: number): Promise<DistributorRow | undefined> {
    const row = await this.db.selectFrom('distributor').selectAll().where('id', '=', id).executeTakeFirst();
    return row && this.normal(row);
  }

  async findByPhone(phone: string): Promise<DistributorRow | undefined> {
    const row = await this.db.selectFrom('distributor').selectAll().where('phone', '=', phone).executeTakeFirst();
    return row && this.normal(row);
  }

  /** An enabled distributor by its promotion code (what a promotion link carries). */
  async findEnabledByPromo(promoCode: string): Promise<DistributorRow | undefined> {
    const row = await this.db.selectFrom('distributor').selectAll().where('promo_code', '=', promoCode).where('disabled', '=', 0).executeTakeFirst();
    return row && this.normal(row);
  }

  async insert(row: { phone: string; name: string; seat_price_fen: number; promo_code: string; created_at: number; updated_at: number }): Promise<number> {
    const r = await this.db.insertInto('distributor').values({ ...row, disabled: 0 }).returning('id').executeTakeFirstOrThrow();
    return num(r.id);
  }

  async update(id: number, patch: { name?: string; seat_price_fen?: number; disabled?: number; updated_at: number }): Promise<boolean> {
    return affected(await this.db.updateTable('distributor').set(patch).where('id', '=', id).executeTakeFirst()) === 1;
  }

  // ---------------------------------------------------------------- attribution

  /** Ties a login scene to a distributor, once: the first promotion code a scene was polled with stays. */
  async tieScene(sceneCode: string, distributorId: number, now: number): Promise<void> {
    await this.db
      .insertInto('distributor_scene')
      .values({ scene_code: sceneCode, distributor_id: distributorId, created_at: now })
      .onConflict((oc) => oc.column('scene_code').doNothing())
      .execute();
  }

  /** The enabled distributor a login scene was shown for. */
  async distributorOfScene(sceneCode: string, db: Executor = this.db): Promise<number | undefined> {
    const row = await db
      .selectFrom('distributor_scene as s')
      .innerJoin('distributor as d', 'd.id', 's.distributor_id')
      .select('s.distributor_id')
      .where('s.scene_code', '=', sceneCode)
      .where('d.disabled', '=', 0)
      .executeTakeFirst();
    return row ? num(row.distributor_id) : undefined;
  }

  /** A main account becomes the distributor's, unless it already is someone's: one conditional UPDATE. */
  async attribute(accountId: number, distributorId: number, db: Executor = this.db): Promise<boolean> {
    const r = await db
      .updateTable('account')
      .set({ distributor_id: distributorId })
      .where('id', '=', accountId)
      .where('parent_id', 'is', null)
      .where('distributor_id', 'is', null)
      .executeTakeFirst();
    return affected(r) === 1;
  }

  // ---------------------------------------------------------------- customers

  private customers(distributorId: number, phoneSuffix?: string) {
    let q = this.db.selectFrom('account').where('distributor_id', '=', distributorId).where('parent_id', 'is', null);
    if (phoneSuffix) q = q.where('phone', 'like', `%${phoneSuffix}`);
    return q;
  }

  async customerPage(distributorId: number, phoneSuffix: string | undefined, offset: number, limit: number): Promise<{ rows: CustomerRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.customers(distributorId, phoneSuffix).select(['id', 'phone', 'nickname', 'created_at']).orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      this.customers(distributorId, phoneSuffix).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => ({ ...r, id: num(r.id), created_at: num(r.created_at) })), total: num(total.n) };
  }

  async customerCount(distributorId: number): Promise<number> {
    const row = await this.customers(distributorId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return num(row.n);
  }

  /** Whether the main account is this distributor's customer. */
  async isCustomer(distributorId: number, accountId: number): Promise<boolean> {
    const row = await this.customers(distributorId).select('id').where('id', '=', accountId).executeTakeFirst();
    return row !== undefined;
  }

  /** The seat figures of these accounts, one row each that has seats. */
  async seatFigures(accountIds: number[]): Promise<SeatFigureRow[]> {
    if (!accountIds.length) return [];
    const rows = await this.db
      .selectFrom('seat')
      .select([
        'account_id',
        sql<number>`coalesce(sum(case when state <> 'expired' then 1 else 0 end), 0)`.as('bought'),
        sql<number>`coalesce(sum(case when state = 'bound' then 1 else 0 end), 0)`.as('used'),
        sql<number>`coalesce(sum(case when state = 'expired' then 1 else 0 end), 0)`.as('expired'),
        sql<number | null>`min(case when state <> 'expired' then expires_at end)`.as('next'),
      ])
      .where('account_id', 'in', accountIds)
      .groupBy('account_id')
      .execute();
    return rows.map((r) => ({ account_id: num(r.account_id), bought: num(r.bought), used: num(r.used), expired: num(r.expired), next: numOrNull(r.next) }));
  }

  // ---------------------------------------------------------------- records

  private recharges(distributorId: number, accountId?: number) {
    let q = this.db
      .selectFrom('seat_order as o')
      .innerJoin('account as a', 'a.id', 'o.account_id')
      .where('o.distributor_id', '=', distributorId)
      .where('o.state', 'in', ['paid', 'refunded']);
    if (accountId !== undefined) q = q.where('o.account_id', '=', accountId);
    return q;
  }

  async rechargePage(distributorId: number, accountId: number | undefined, offset: number, limit: number): Promise<{ rows: RechargeRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.recharges(distributorId, accountId)
        .select(['o.id', 'o.order_no', 'o.account_id', 'a.phone', 'o.kind', 'o.seat_count', 'o.term_days', 'o.unit_price_fen', 'o.amount_fen', 'o.state', 'o.paid_at', 'o.closed_at'])
        .orderBy(sql`coalesce(o.paid_at, o.created_at)`, 'desc')
        .orderBy('o.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.recharges(distributorId, accountId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((r) => ({
        ...r,
        id: num(r.id),
        account_id: num(r.account_id),
        seat_count: num(r.seat_count),
        term_days: num(r.term_days),
        unit_price_fen: num(r.unit_price_fen),
        amount_fen: num(r.amount_fen),
        state: r.state as 'paid' | 'refunded',
        paid_at: numOrNull(r.paid_at),
        closed_at: numOrNull(r.closed_at),
      })),
      total: num(total.n),
    };
  }

  /**
   * Seat changes of its customers: the seats it set, and its customers' paid orders (bought or renewed),
   * newest first. A customer's orders count whatever their price (distributor_id on the account, not the order).
   */
  private seatRecords(distributorId: number, accountId?: number) {
    const sets = this.db
      .selectFrom('distributor_seat_record as r')
      .innerJoin('account as a', 'a.id', 'r.account_id')
      .where('r.distributor_id', '=', distributorId)
      .where('a.distributor_id', '=', distributorId)
      .$if(accountId !== undefined, (q) => q.where('r.account_id', '=', accountId!))
      .select([
        sql<string>`'set'`.as('source'),
        'r.id',
        sql<string>`'set'`.as('kind'),
        'r.account_id',
        'a.phone',
        'r.seat_count',
        'r.term_days',
        'r.created_at as at',
        sql<string | null>`null`.as('order_no'),
      ]);
    const orders = this.db
      .selectFrom('seat_order as o')
      .innerJoin('account as a', 'a.id', 'o.account_id')
      .where('a.distributor_id', '=', distributorId)
      .where('o.state', '=', 'paid')
      .where('o.paid_at', 'is not', null)
      .$if(accountId !== undefined, (q) => q.where('o.account_id', '=', accountId!))
      .select([
        sql<string>`'order'`.as('source'),
        'o.id',
        sql<string>`o.kind`.as('kind'),
        'o.account_id',
        'a.phone',
        'o.seat_count',
        'o.term_days',
        sql<number>`o.paid_at`.as('at'),
        sql<string | null>`o.order_no`.as('order_no'),
      ]);
    return sets.unionAll(orders);
  }

  async seatRecordPage(distributorId: number, accountId: number | undefined, offset: number, limit: number): Promise<{ rows: SeatRecordRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom(this.seatRecords(distributorId, accountId).as('x'))
        .selectAll()
        .orderBy('x.at', 'desc')
        .orderBy('x.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db.selectFrom(this.seatRecords(distributorId, accountId).as('x')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((r) => ({
        source: r.source as 'set' | 'order',
        id: num(r.id),
        kind: r.kind as SeatRecordRow['kind'],
        account_id: num(r.account_id),
        phone: r.phone,
        seat_count: num(r.seat_count),
        term_days: num(r.term_days),
        at: num(r.at),
        order_no: r.order_no,
      })),
      total: num(total.n),
    };
  }

  async insertSeatRecord(row: { distributor_id: number; account_id: number; seat_count: number; term_days: number; created_at: number }, db: Executor): Promise<number> {
    const r = await db.insertInto('distributor_seat_record').values(row).returning('id').executeTakeFirstOrThrow();
    return num(r.id);
  }
}
