// The corp tags of a work space as synced from WeCom (`corp_tag_group`, `corp_tag`: read here, written by the
// sync repository), their customer counts (`tag_customer_count`, `tag_count_state`) and the tag page's own
// sync state (`tag_sync`): written here.
import type { Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import { customerRanges, type CustomerRange } from '../db/customer-ranges.js';
import type { TagSyncTable } from '../db/tables.js';

/** Relations read per statement when counting on SQLite (a fiftieth of a million-customer work space). */
const RELATIONS_PER_COUNT = 40_000;

export class TagRepository {
  constructor(private readonly database: Database) {}

  /** Groups and tags, each in WeCom's order (higher `order` first). */
  async groupsAndTags(workSpaceId: number) {
    const db = this.database.kysely;
    const [groups, tags] = await Promise.all([
      db.selectFrom('corp_tag_group').selectAll().where('work_space_id', '=', workSpaceId).orderBy('order', 'desc').orderBy('group_id').execute(),
      db.selectFrom('corp_tag').selectAll().where('work_space_id', '=', workSpaceId).orderBy('order', 'desc').orderBy('id').execute(),
    ]);
    return { groups, tags };
  }

  /**
   * Customers per tag: distinct customers over live relations, follow_tag joined to each relation by
   * its key. PostgreSQL answers one grouped statement without holding the process. SQLite answers
   * synchronously, so there the relations are read in ranges of customers (a customer's relations all
   * fall in one range, so the per-range counts add up) and the process is free between ranges.
   */
  async customerCounts(workSpaceId: number): Promise<Map<string, number>> {
    const db = this.database.kysely;
    const count = (range?: CustomerRange) =>
      db
        .selectFrom('follow_relation as fr')
        .innerJoin('follow_tag as ft', (j) =>
          j.onRef('ft.work_space_id', '=', 'fr.work_space_id').onRef('ft.external_userid', '=', 'fr.external_userid').onRef('ft.userid', '=', 'fr.userid'),
        )
        .select((eb) => ['ft.tag_id', eb.fn.count<number | string>('fr.external_userid').distinct().as('n')])
        .where('fr.work_space_id', '=', workSpaceId)
        .where('fr.deleted_at', 'is', null)
        .$if(!!range, (q) => q.where('fr.external_userid', '>', range!.after))
        .$if(!!range?.upTo, (q) => q.where('fr.external_userid', '<=', range!.upTo!))
        .groupBy('ft.tag_id')
        .execute();
    const out = new Map<string, number>();
    if (this.database.dialect === 'postgres') {
      for (const r of await count()) out.set(r.tag_id, Number(r.n));
      return out;
    }
    for await (const range of customerRanges(db, workSpaceId, RELATIONS_PER_COUNT))
      for (const r of await count(range)) out.set(r.tag_id, (out.get(r.tag_id) ?? 0) + Number(r.n));
    return out;
  }

  /** The counts as last stored, and when (undefined: never counted). */
  async storedCounts(workSpaceId: number): Promise<{ countedAt: number; counts: Map<string, number> } | undefined> {
    const db = this.database.kysely;
    const state = await db.selectFrom('tag_count_state').select('counted_at').where('work_space_id', '=', workSpaceId).executeTakeFirst();
    if (!state) return undefined;
    const rows = await db.selectFrom('tag_customer_count').select(['tag_id', 'customers']).where('work_space_id', '=', workSpaceId).execute();
    return { countedAt: Number(state.counted_at), counts: new Map(rows.map((r) => [r.tag_id, Number(r.customers)])) };
  }

  /** Counts again and stores the result (what the tag page reads). */
  async recount(workSpaceId: number, now = Date.now()): Promise<{ countedAt: number; counts: Map<string, number> }> {
    const counts = await this.customerCounts(workSpaceId);
    const rows = [...counts].map(([tag_id, customers]) => ({ work_space_id: workSpaceId, tag_id, customers }));
    await this.database.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('tag_customer_count').where('work_space_id', '=', workSpaceId).execute();
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto('tag_customer_count').values(rows.slice(i, i + 500)).execute();
      await trx
        .insertInto('tag_count_state')
        .values({ work_space_id: workSpaceId, counted_at: now })
        .onConflict((oc) => oc.column('work_space_id').doUpdateSet({ counted_at: now }))
        .execute();
    });
    return { countedAt: now, counts };
  }

  /** The last tag sync of the work space (undefined: never synced from the tag page). */
  syncState(workSpaceId: number): Promise<Selectable<TagSyncTable> | undefined> {
    return this.database.kysely.selectFrom('tag_sync').selectAll().where('work_space_id', '=', workSpaceId).executeTakeFirst();
  }

  async syncStarted(workSpaceId: number, now: number): Promise<void> {
    await this.database.kysely
      .insertInto('tag_sync')
      .values({ work_space_id: workSpaceId, status: 'running', started_at: now, synced_at: null, error: null, group_count: 0, tag_count: 0 })
      .onConflict((oc) => oc.column('work_space_id').doUpdateSet({ status: 'running', started_at: now }))
      .execute();
  }

  async syncDone(workSpaceId: number, now: number, counts: { groups: number; tags: number }): Promise<void> {
    await this.database.kysely
      .updateTable('tag_sync')
      .set({ status: 'done', synced_at: now, error: null, group_count: counts.groups, tag_count: counts.tags })
      .where('work_space_id', '=', workSpaceId)
      .execute();
  }

  async syncFailed(workSpaceId: number, error: string): Promise<void> {
    await this.database.kysely.updateTable('tag_sync').set({ status: 'failed', error: error.slice(0, 500) }).where('work_space_id', '=', workSpaceId).execute();
  }
}
