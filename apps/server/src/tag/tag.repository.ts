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
}
