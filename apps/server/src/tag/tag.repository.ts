// The corp tags of a work space as synced from WeCom (`corp_tag_group`, `corp_tag`).
import type { Database } from '../db/database.js';

/** Tags counted per statement on SQLite (tens of thousands of follow_tag rows at a million customers). */
const TAGS_PER_COUNT = 20;

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
   * Customers per tag of the work space's tags: distinct customers over live relations, through
   * follow_tag's (work_space_id, tag_id, …) key, each row's relation found by its key. PostgreSQL
   * answers one grouped statement without holding the process; SQLite answers synchronously, so there
   * it is read a few tags at a time and the process is free between parts.
   */
  async customerCounts(workSpaceId: number): Promise<Map<string, number>> {
    const db = this.database.kysely;
    const count = (tagIds?: string[]) => {
      let q = db
        .selectFrom('follow_tag as ft')
        .innerJoin('follow_relation as fr', (j) =>
          j.onRef('fr.work_space_id', '=', 'ft.work_space_id').onRef('fr.external_userid', '=', 'ft.external_userid').onRef('fr.userid', '=', 'ft.userid'),
        )
        .select((eb) => ['ft.tag_id', eb.fn.count<number | string>('ft.external_userid').distinct().as('n')])
        .where('ft.work_space_id', '=', workSpaceId)
        .where('fr.deleted_at', 'is', null)
        .groupBy('ft.tag_id');
      if (tagIds) q = q.where('ft.tag_id', 'in', tagIds);
      return q.execute();
    };
    const out = new Map<string, number>();
    if (this.database.dialect === 'postgres') {
      for (const r of await count()) out.set(r.tag_id, Number(r.n));
      return out;
    }
    const ids = (await db.selectFrom('corp_tag').select('id').where('work_space_id', '=', workSpaceId).execute()).map((t) => t.id);
    for (let i = 0; i < ids.length; i += TAGS_PER_COUNT) {
      for (const r of await count(ids.slice(i, i + TAGS_PER_COUNT))) out.set(r.tag_id, Number(r.n));
    }
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
}
