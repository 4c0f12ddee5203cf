// SQL of the interface licences (接口许可): a work space's licence orders and their activation codes,
// as last read from WeCom (WeCom stays the source of truth; these rows are what the pages list).
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { LicenceCodeTable, LicenceOrderTable } from '../db/tables.js';

export type LicenceOrderRow = Selectable<LicenceOrderTable>;
export type LicenceCodeRow = Selectable<LicenceCodeTable>;

export class LicenceRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  addOrder(row: Insertable<LicenceOrderTable>) {
    return this.db.insertInto('licence_order').values(row).execute();
  }

  /** Newest first. */
  orders(wsId: number, orderId?: string) {
    let q = this.db.selectFrom('licence_order').selectAll().where('work_space_id', '=', wsId);
    if (orderId) q = q.where('order_id', '=', orderId);
    return q.orderBy('id', 'desc').limit(200).execute();
  }

  updateOrder(wsId: number, orderId: string, set: { status: number; paid_at: number | null; price: number; checked_at: number }) {
    return this.db.updateTable('licence_order').set(set).where('work_space_id', '=', wsId).where('order_id', '=', orderId).execute();
  }

  codes(wsId: number, q: { orderIds?: string[]; type?: number; status?: number } = {}) {
    let query = this.db.selectFrom('licence_code').selectAll().where('work_space_id', '=', wsId);
    if (q.orderIds) {
      if (!q.orderIds.length) return Promise.resolve([] as LicenceCodeRow[]);
      query = query.where('order_id', 'in', q.orderIds);
    }
    if (q.type !== undefined) query = query.where('type', '=', q.type);
    if (q.status !== undefined) query = query.where('status', '=', q.status);
    return query.orderBy('order_id').orderBy('type', 'desc').orderBy('active_code').execute();
  }

  /** Inserts the codes of an order not seen before (a code keeps its row, whatever WeCom lists again). */
  async addCodes(rows: Insertable<LicenceCodeTable>[]): Promise<void> {
    if (!rows.length) return;
    await this.db.insertInto('licence_code').values(rows).onConflict((oc) => oc.column('active_code').doNothing()).execute();
  }

  updateCode(wsId: number, activeCode: string, set: { status: number; userid: string | null; active_time: number | null; expire_time: number | null; checked_at: number }) {
    return this.db.updateTable('licence_code').set(set).where('work_space_id', '=', wsId).where('active_code', '=', activeCode).execute();
  }
}
