// The corp tags of a work space as synced from WeCom (`corp_tag_group`, `corp_tag`).
import type { Database } from '../db/database.js';

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
   * Customers per tag: distinct customers over live relations, in one grouped pass over follow_tag's
   * (work_space_id, tag_id, …) key joined to each relation by its primary key.
   */
  async customerCounts(workSpaceId: number): Promise<Map<string, number>> {
    const rows = await this.database.kysely
      .selectFrom('follow_tag as ft')
      .innerJoin('follow_relation as fr', (j) =>
        j.onRef('fr.work_space_id', '=', 'ft.work_space_id').onRef('fr.external_userid', '=', 'ft.external_userid').onRef('fr.userid', '=', 'ft.userid'),
      )
      .select((eb) => ['ft.tag_id', eb.fn.count<number | string>('ft.external_userid').distinct().as('n')])
      .where('ft.work_space_id', '=', workSpaceId)
      .where('fr.deleted_at', 'is', null)
      .groupBy('ft.tag_id')
      .execute();
    return new Map(rows.map((r) => [r.tag_id, Number(r.n)]));
  }
}
