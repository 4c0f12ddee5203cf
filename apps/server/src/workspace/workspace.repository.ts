// SQL of the work_space table: the WeCom corps connected by a main account.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../db/database.js';
import { statement } from '../db/statement.js';
import type { WorkSpaceTable } from '../db/tables.js';

export type WorkSpace = Selectable<WorkSpaceTable>;
export type WorkSpaceRow = Pick<WorkSpace, 'id' | 'nickname' | 'access_type'>;

/** Read for every event and job of a work space. */
const byId = statement((db, v: { id: number }) => db.selectFrom('work_space').selectAll().where('id', '=', v.id));

export class WorkSpaceRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  /** `only`: these ids alone (a child's work spaces); null: all of the owner's. */
  listByOwner(ownerId: number, offset: number, limit: number, only: readonly number[] | null = null): Promise<WorkSpaceRow[]> {
    if (only?.length === 0) return Promise.resolve([]);
    let q = this.db.selectFrom('work_space').select(['id', 'nickname', 'access_type']).where('account_id', '=', ownerId);
    if (only) q = q.where('id', 'in', [...only]);
    return q
      .orderBy('id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  listFullByOwner(ownerId: number, offset: number, limit: number): Promise<WorkSpace[]> {
    return this.db
      .selectFrom('work_space')
      .selectAll()
      .where('account_id', '=', ownerId)
      .orderBy('id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async countByOwner(ownerId: number, only: readonly number[] | null = null): Promise<number> {
    if (only?.length === 0) return 0;
    let q = this.db
      .selectFrom('work_space')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', ownerId);
    if (only) q = q.where('id', 'in', [...only]);
    const row = await q.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async idsOfOwner(ownerId: number, ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db.selectFrom('work_space').select('id').where('account_id', '=', ownerId).where('id', 'in', [...ids]).execute();
    return rows.map((r) => r.id);
  }

  find(id: number): Promise<WorkSpace | undefined> {
    return byId.first(this.db, { id });
  }

  findByCorp(ownerId: number, corpId: string): Promise<WorkSpace | undefined> {
    return this.db
      .selectFrom('work_space')
      .selectAll()
      .where('account_id', '=', ownerId)
      .where('corp_id', '=', corpId)
      .executeTakeFirst();
  }

  async idsByCorp(corpId: string, accessType: string): Promise<number[]> {
    const rows = await this.db.selectFrom('work_space').select('id').where('corp_id', '=', corpId).where('access_type', '=', accessType).execute();
    return rows.map((r) => r.id);
  }

  /** Replaces a sealed secret with `bound` unless another process already did. */
  async rebindSecret(id: number, column: 'secret_enc' | 'permanent_code_enc', sealed: string, bound: string): Promise<void> {
    await this.db.updateTable('work_space').set({ [column]: bound }).where('id', '=', id).where(column, '=', sealed).execute();
  }

  listByCorp(corpId: string, accessType: string): Promise<WorkSpace[]> {
    return this.db.selectFrom('work_space').selectAll().where('corp_id', '=', corpId).where('access_type', '=', accessType).execute();
  }

  async insert(values: Insertable<WorkSpaceTable>): Promise<number> {
    const row = await this.db.insertInto('work_space').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Updateable<WorkSpaceTable>): Promise<void> {
    await this.db.updateTable('work_space').set({ ...values, updated_at: Date.now() }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    // Rows of the synced tables go with it (ON DELETE CASCADE); the inbox is keyed by id only.
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('callback_event').where('work_space_id', '=', id).execute();
      await trx.deleteFrom('work_space').where('id', '=', id).execute();
    });
  }
}
