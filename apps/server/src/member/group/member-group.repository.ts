// SQL of 成员分组: groups of a work space and their members by userid (each write one transaction).
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class MemberGroupRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  findGroup(wsId: number, id: number) {
    return this.db.selectFrom('member_group').select(['id', 'name']).where('work_space_id', '=', wsId).where('id', '=', id).executeTakeFirst();
  }

  /** The work space's groups by name, those whose name contains `keyword` when given. */
  groups(wsId: number, keyword?: string): Promise<Array<{ id: number; name: string }>> {
    let q = this.db.selectFrom('member_group').select(['id', 'name']).where('work_space_id', '=', wsId);
    if (keyword) q = q.where(sql<boolean>`name like ${escapeLike(keyword)} escape '\\'`);
    return q.orderBy('name').orderBy('id').execute();
  }

  /** The members of these groups with their synced name, avatar and departments (null: left the corp), in the order added. */
  members(wsId: number, groupIds: number[]) {
    if (!groupIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('member_group_member as g')
      .leftJoin('member as m', (j) => j.onRef('m.work_space_id', '=', 'g.work_space_id').onRef('m.userid', '=', 'g.userid'))
      .select(['g.group_id', 'g.userid', 'm.name', 'm.avatar', 'm.department'])
      .where('g.work_space_id', '=', wsId)
      .where('g.group_id', 'in', groupIds)
      .orderBy('g.group_id')
      .orderBy('g.added_at')
      .orderBy('g.userid')
      .execute();
  }

  /** Which of `userids` are members of the work space now. */
  async presentMembers(wsId: number, userids: string[]): Promise<Set<string>> {
    if (!userids.length) return new Set();
    const rows = await this.db.selectFrom('member').select('userid').where('work_space_id', '=', wsId).where('userid', 'in', userids).execute();
    return new Set(rows.map((r) => r.userid));
  }

  /** Throws the database's unique violation when the name is taken. */
  insertGroup(wsId: number, name: string, userids: string[], now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('member_group')
        .values({ work_space_id: wsId, name, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (userids.length)
        await trx
          .insertInto('member_group_member')
          .values(userids.map((userid, i) => ({ group_id: row.id, work_space_id: wsId, userid, added_at: now + i })))
          .execute();
      return row.id;
    });
  }

  /** Renames (when `name`) and replaces the members (when `userids`) together. Throws the unique violation on a taken name. */
  updateGroup(wsId: number, id: number, change: { name?: string; userids?: string[] }, now: number): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('member_group')
        .set({ updated_at: now, ...(change.name !== undefined ? { name: change.name } : {}) })
        .where('work_space_id', '=', wsId)
        .where('id', '=', id)
        .execute();
      if (!change.userids) return;
      const keep = change.userids;
      let gone = trx.deleteFrom('member_group_member').where('group_id', '=', id).where('work_space_id', '=', wsId);
      if (keep.length) gone = gone.where('userid', 'not in', keep);
      await gone.execute();
      if (!keep.length) return;
      const had = new Set(
        (await trx.selectFrom('member_group_member').select('userid').where('group_id', '=', id).execute()).map((r) => r.userid),
      );
      const fresh = keep.filter((u) => !had.has(u));
      if (fresh.length)
        await trx
          .insertInto('member_group_member')
          .values(fresh.map((userid, i) => ({ group_id: id, work_space_id: wsId, userid, added_at: now + i })))
          .execute();
    });
  }

  deleteGroup(wsId: number, id: number): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('member_group_member').where('group_id', '=', id).where('work_space_id', '=', wsId).execute();
      await trx.deleteFrom('member_group').where('id', '=', id).where('work_space_id', '=', wsId).execute();
    });
  }

  removeMembers(wsId: number, id: number, userids: string[], now: number): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('member_group_member').where('group_id', '=', id).where('work_space_id', '=', wsId).where('userid', 'in', userids).execute();
      await trx.updateTable('member_group').set({ updated_at: now }).where('id', '=', id).where('work_space_id', '=', wsId).execute();
    });
  }
}
