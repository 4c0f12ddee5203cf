// SQL of the batch tag jobs (客户列表 批量打标签 / 移除标签): the batch's progress and the relations
// WeCom refused, with the customer's and the member's names for the result list.
import type { Selectable, Updateable } from 'kysely';
import type { Database } from '../db/database.js';
import type { CustomerBatchTable } from '../db/tables.js';

export type CustomerBatchRow = Selectable<CustomerBatchTable>;

export class CustomerBatchRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  async insert(row: Omit<CustomerBatchRow, 'id'>): Promise<number> {
    const r = await this.db.insertInto('customer_batch').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  find(wsId: number, id: number): Promise<CustomerBatchRow | undefined> {
    return this.db.selectFrom('customer_batch').selectAll().where('work_space_id', '=', wsId).where('id', '=', id).executeTakeFirst();
  }

  findAny(id: number): Promise<CustomerBatchRow | undefined> {
    return this.db.selectFrom('customer_batch').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(id: number, set: Updateable<CustomerBatchTable>): Promise<void> {
    await this.db.updateTable('customer_batch').set(set).where('id', '=', id).execute();
  }

  /** A round's outcome: the failures kept once each, the counts moved on, the cursor saved. */
  async progress(id: number, round: { done: number; failures: Array<{ external_userid: string; userid: string; errcode: number; error: string }>; cursor: string }) {
    await this.db.transaction().execute(async (trx) => {
      if (round.failures.length)
        await trx
          .insertInto('customer_batch_failure')
          .values(round.failures.map((f) => ({ batch_id: id, ...f, error: f.error.slice(0, 500) })))
          .onConflict((oc) => oc.columns(['batch_id', 'external_userid', 'userid']).doNothing())
          .execute();
      const failed = await trx.selectFrom('customer_batch_failure').select((eb) => eb.fn.countAll<number>().as('n')).where('batch_id', '=', id).executeTakeFirst();
      await trx
        .updateTable('customer_batch')
        .set((eb) => ({ done: eb('done', '+', round.done), failed: Number(failed?.n ?? 0), cursor: round.cursor }))
        .where('id', '=', id)
        .execute();
    });
  }

  failures(batchId: number, wsId: number, limit: number) {
    return this.db
      .selectFrom('customer_batch_failure as f')
      .leftJoin('customer as c', (j) => j.on('c.work_space_id', '=', wsId).onRef('c.external_userid', '=', 'f.external_userid'))
      .leftJoin('member as m', (j) => j.on('m.work_space_id', '=', wsId).onRef('m.userid', '=', 'f.userid'))
      .select(['f.external_userid', 'f.userid', 'f.error', 'c.name as customer_name', 'm.name as member_name'])
      .where('f.batch_id', '=', batchId)
      .orderBy('f.id')
      .limit(limit)
      .execute();
  }
}
