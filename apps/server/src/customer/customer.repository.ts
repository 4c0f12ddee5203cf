// SQL of a customer's record: the customer, its follow relations, the adds through our codes (with the
// code, lead and batch, deleted ones included), the corp tags they name and the group chats joined.
// Every query is scoped by work_space_id; this is a read model: it writes only the tags we mark on a
// relation, so our copy shows them before the next re-read from WeCom.
import type { Selectable } from 'kysely';
import { parseJsonColumn, type Database } from '../db/database.js';
import type { CustomerTable } from '../db/tables.js';
import { setFollowTags } from '../sync/follow-tag.repository.js';

export type CustomerRow = Selectable<CustomerTable>;

// Row types come from the queries below (Kysely infers them from db/tables.ts), not written twice.
export type FollowRow = Awaited<ReturnType<CustomerRepository['follows']>>[number];
export type AddRow = Awaited<ReturnType<CustomerRepository['adds']>>[number];
export type GroupRow = Awaited<ReturnType<CustomerRepository['groups']>>[number];
export type TagRow = Awaited<ReturnType<CustomerRepository['tags']>>[number];

export class CustomerRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  find(wsId: number, externalUserid: string): Promise<CustomerRow | undefined> {
    return this.db
      .selectFrom('customer')
      .selectAll()
      .where('work_space_id', '=', wsId)
      .where('external_userid', '=', externalUserid)
      .executeTakeFirst();
  }

  /** The relations of these customers with their member's name and avatar, oldest first. */
  follows(wsId: number, externalUserids: string[]) {
    if (!externalUserids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('follow_relation as f')
      .leftJoin('member as m', (j) => j.onRef('m.work_space_id', '=', 'f.work_space_id').onRef('m.userid', '=', 'f.userid'))
      .select([
        'f.external_userid',
        'f.userid',
        'm.name as member_name',
        'm.avatar as member_avatar',
        'f.remark',
        'f.description',
        'f.remark_mobiles',
        'f.createtime',
        'f.tag_ids',
        'f.add_way',
        'f.state',
        'f.deleted_at',
        'f.deleted_by_customer_at',
      ])
      .where('f.work_space_id', '=', wsId)
      .where('f.external_userid', 'in', externalUserids)
      .orderBy('f.createtime')
      .orderBy('f.userid')
      .execute();
  }

  /** Every add event of the customer, through a code of ours or not, oldest first. */
  adds(wsId: number, externalUserid: string) {
    return this.db
      .selectFrom('contact_way_add as a')
      .leftJoin('contact_way as c', (j) => j.onRef('c.id', '=', 'a.contact_way_id').onRef('c.work_space_id', '=', 'a.work_space_id'))
      .leftJoin('lead as l', (j) => j.onRef('l.id', '=', 'a.lead_id').onRef('l.work_space_id', '=', 'a.work_space_id'))
      .leftJoin('lead_batch as b', (j) => j.onRef('b.id', '=', 'c.lead_batch_id').onRef('b.work_space_id', '=', 'a.work_space_id'))
      .leftJoin('member as m', (j) => j.onRef('m.work_space_id', '=', 'a.work_space_id').onRef('m.userid', '=', 'a.userid'))
      .select([
        'a.id',
        'a.contact_way_id',
        'a.lead_id',
        'a.userid',
        'm.name as member_name',
        'a.added_at',
        'a.welcome_status',
        'a.welcome_at',
        'a.welcome_error',
        'a.tag_status',
        'a.tag_ids',
        'a.tag_error',
        'a.deleted_by_member_at',
        'a.deleted_by_customer_at',
        'c.kind as code_kind',
        'c.name as code_name',
        'c.deleted_at as code_deleted_at',
        'l.name as lead_name',
        'b.id as batch_id',
        'b.name as batch_name',
        'b.deleted_at as batch_deleted_at',
      ])
      .where('a.work_space_id', '=', wsId)
      .where('a.external_userid', '=', externalUserid)
      .orderBy('a.added_at')
      .orderBy('a.id')
      .execute();
  }

  /** The group chats the customer is or was in (a dismissed group is gone with its members). */
  groups(wsId: number, externalUserid: string) {
    return this.db
      .selectFrom('group_member as gm')
      .leftJoin('group_chat as g', (j) => j.onRef('g.work_space_id', '=', 'gm.work_space_id').onRef('g.chat_id', '=', 'gm.chat_id'))
      .leftJoin('member as m', (j) => j.onRef('m.work_space_id', '=', 'gm.work_space_id').onRef('m.userid', '=', 'g.owner'))
      .select(['gm.chat_id', 'g.name', 'g.owner', 'm.name as owner_name', 'gm.join_time', 'gm.join_scene', 'gm.left_at'])
      .where('gm.work_space_id', '=', wsId)
      .where('gm.member_id', '=', externalUserid)
      .where('gm.type', '=', 2)
      .orderBy('gm.join_time', 'desc')
      .orderBy('gm.chat_id')
      .execute();
  }

  /** Corp tags by id with their group (tags since deleted are simply absent). */
  async tags(wsId: number, ids: string[]) {
    const unique = [...new Set(ids)];
    const chunk = (part: string[]) =>
      this.db
        .selectFrom('corp_tag as t')
        .leftJoin('corp_tag_group as g', (j) => j.onRef('g.work_space_id', '=', 't.work_space_id').onRef('g.group_id', '=', 't.group_id'))
        .select(['t.id', 't.name', 't.order', 't.group_id', 'g.name as group_name', 'g.order as group_order'])
        .where('t.work_space_id', '=', wsId)
        .where('t.id', 'in', part)
        .execute();
    const out: Awaited<ReturnType<typeof chunk>> = [];
    for (let i = 0; i < unique.length; i += 500) out.push(...(await chunk(unique.slice(i, i + 500))));
    return out;
  }

  /** Tags added and removed on relations (those we do not have are skipped). */
  async changeFollowTags(
    wsId: number,
    changes: Array<{ external_userid: string; userid: string; add: string[]; remove: string[] }>,
  ): Promise<void> {
    if (!changes.length) return;
    await this.db.transaction().execute(async (trx) => {
      const written: Array<{ external_userid: string; userid: string; tag_ids: string }> = [];
      for (const c of changes) {
        const row = await trx
          .selectFrom('follow_relation')
          .select('tag_ids')
          .where('work_space_id', '=', wsId)
          .where('external_userid', '=', c.external_userid)
          .where('userid', '=', c.userid)
          .executeTakeFirst();
        if (!row) continue;
        const next = new Set(parseJsonColumn<string[]>(row.tag_ids, []));
        for (const id of c.add) next.add(id);
        for (const id of c.remove) next.delete(id);
        written.push({ external_userid: c.external_userid, userid: c.userid, tag_ids: JSON.stringify([...next]) });
      }
      await setFollowTags(trx, wsId, written);
    });
  }

  /** Our copy of a relation's remark, description and phone numbers after WeCom took them. */
  async updateRemark(wsId: number, externalUserid: string, userid: string, set: { remark: string; description: string; remark_mobiles: string }): Promise<void> {
    await this.db
      .updateTable('follow_relation')
      .set(set)
      .where('work_space_id', '=', wsId)
      .where('external_userid', '=', externalUserid)
      .where('userid', '=', userid)
      .execute();
  }

  /** Which of these ids are live corp tags of the work space. */
  async liveTagIds(wsId: number, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('corp_tag').select('id').where('work_space_id', '=', wsId).where('id', 'in', [...new Set(ids)]).execute();
    return new Set(rows.map((r) => r.id));
  }

  relation(wsId: number, externalUserid: string, userid: string) {
    return this.db
      .selectFrom('follow_relation')
      .select(['remark', 'description', 'remark_mobiles', 'tag_ids', 'deleted_at'])
      .where('work_space_id', '=', wsId)
      .where('external_userid', '=', externalUserid)
      .where('userid', '=', userid)
      .executeTakeFirst();
  }
}
