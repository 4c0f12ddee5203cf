// SQL of contact ways (channel, staff and lead codes), their members and groups, and the adds that
// came through them. Every query is scoped by work_space_id.
import { sql, type Insertable, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../db/database.js';
import { statement, statementsByShape } from '../db/statement.js';
import type {
  ContactWayAddTable,
  ContactWayKind,
  ContactWayMemberTable,
  ContactWayTable,
  DB,
} from '../db/tables.js';

export type ContactWay = Selectable<ContactWayTable>;
export type ContactWayMember = Selectable<ContactWayMemberTable>;
export type ContactWayAdd = Selectable<ContactWayAddTable>;
type Executor = Database['kysely'] | Transaction<DB>;

// The statements of every add (attribution, its welcome, its tags), built once (db/statement.ts).
const codeById = statement((db, v: { id: number }) => db.selectFrom('contact_way').selectAll().where('id', '=', v.id));
const codeByState = statement((db, v: { wsId: number; state: string }) =>
  db.selectFrom('contact_way').selectAll().where('work_space_id', '=', v.wsId).where('state', '=', v.state),
);
const membersOfCode = statement((db, v: { id: number }) => db.selectFrom('contact_way_member').selectAll().where('contact_way_id', '=', v.id).orderBy('sort'));
export type NewAdd = Omit<ContactWayAdd, 'id'>;
const ADD_COLUMNS = [
  'work_space_id', 'contact_way_id', 'lead_id', 'callback_event_id', 'external_userid', 'userid', 'state', 'added_at', 'new_customer',
  'welcome_status', 'welcome_at', 'welcome_error', 'tag_status', 'tag_ids', 'tag_error', 'deleted_by_member_at', 'deleted_by_customer_at',
] as const satisfies ReadonlyArray<keyof NewAdd>;
// Every column named: a column added to the table and not here fails the typecheck.
const allAddColumns: Exclude<keyof NewAdd, (typeof ADD_COLUMNS)[number]> extends never ? true : never = true;
void allAddColumns;
const insertAddRow = statement((db, v: NewAdd) =>
  db
    .insertInto('contact_way_add')
    .values(Object.fromEntries(ADD_COLUMNS.map((c) => [c, v[c]])) as NewAdd)
    .onConflict((oc) => oc.column('callback_event_id').doNothing())
    .returning('id'),
);
const addById = statement((db, v: { id: number }) => db.selectFrom('contact_way_add').selectAll().where('id', '=', v.id));
const pendingTags = statement((db, v: { wsId: number; externalUserid: string }) =>
  db
    .selectFrom('contact_way_add')
    .selectAll()
    .where('work_space_id', '=', v.wsId)
    .where('external_userid', '=', v.externalUserid)
    .where('tag_status', '=', 'pending')
    .orderBy('id'),
);
const anyRelation = statement((db, v: { wsId: number; externalUserid: string }) =>
  db.selectFrom('follow_relation').select('userid').where('work_space_id', '=', v.wsId).where('external_userid', '=', v.externalUserid).limit(1),
);
type AddChange = { [K in keyof NewAdd]?: NewAdd[K] };
/** An add's update, one statement per set of columns changed (a welcome's mark and result, a tag's result). */
const addUpdate = statementsByShape((shape) => {
  const columns = shape.split(',');
  return statement((db, v: AddChange & { id: number }) =>
    db
      .updateTable('contact_way_add')
      .set(Object.fromEntries(columns.map((c) => [c, v[c as keyof AddChange]])) as AddChange)
      .where('id', '=', v.id),
  );
});

/** An add's deletions that happened at or after it, applied before it (see `stampEarlierDeletions`). */
const stampDeletions = statement((db, v: { addId: number; happenedAt: number }) => {
  const deletion = (kind: 'delete_by_member' | 'delete_by_customer') =>
    sql<number | null>`(select min(customer_event.at) from customer_event
      where customer_event.work_space_id = contact_way_add.work_space_id
        and customer_event.external_userid = contact_way_add.external_userid
        and customer_event.at >= ${v.happenedAt}
        and customer_event.userid = contact_way_add.userid
        and customer_event.kind = ${kind})`;
  return (
    db
      .updateTable('contact_way_add')
      .set({
        deleted_by_member_at: sql<number | null>`coalesce(deleted_by_member_at, ${deletion('delete_by_member')})`,
        deleted_by_customer_at: sql<number | null>`coalesce(deleted_by_customer_at, ${deletion('delete_by_customer')})`,
      })
      .where('id', '=', v.addId)
      // Nearly always there is none: no write then.
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('customer_event')
            .select('customer_event.id')
            .whereRef('customer_event.work_space_id', '=', 'contact_way_add.work_space_id')
            .whereRef('customer_event.external_userid', '=', 'contact_way_add.external_userid')
            .where('customer_event.at', '>=', v.happenedAt)
            .whereRef('customer_event.userid', '=', 'contact_way_add.userid')
            .where('customer_event.kind', 'in', ['delete_by_member', 'delete_by_customer']),
        ),
      )
  );
});

export const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface CodeQuery {
  kind: ContactWayKind;
  keyword?: string;
  /** 0: in no group. */
  groupId?: number;
  userid?: string;
  leadBatchId?: number;
  offset: number;
  limit: number;
}

export class ContactWayRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  /** Runs `fn` in one transaction; the repository calls given its `trx` join it. */
  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---------------------------------------------------------------- codes

  find(wsId: number, id: number): Promise<ContactWay | undefined> {
    return this.db
      .selectFrom('contact_way')
      .selectAll()
      .where('work_space_id', '=', wsId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Also deleted ones (attribution of late events, statistics). */
  findAny(id: number): Promise<ContactWay | undefined> {
    return codeById.first(this.db, { id });
  }

  /** Which of these WeCom config ids are codes of ours (any state, deleted too). */
  async knownConfigIds(wsId: number, configIds: string[]): Promise<Set<string>> {
    const known = new Set<string>();
    for (let i = 0; i < configIds.length; i += 500) {
      const rows = await this.db
        .selectFrom('contact_way')
        .select('config_id')
        .where('work_space_id', '=', wsId)
        .where('config_id', 'in', configIds.slice(i, i + 500))
        .execute();
      for (const r of rows) if (r.config_id) known.add(r.config_id);
    }
    return known;
  }

  findByState(wsId: number, state: string): Promise<ContactWay | undefined> {
    return codeByState.first(this.db, { wsId, state });
  }

  private filtered(wsId: number, q: Omit<CodeQuery, 'offset' | 'limit'>) {
    let query = this.db
      .selectFrom('contact_way')
      .where('contact_way.work_space_id', '=', wsId)
      .where('contact_way.kind', '=', q.kind)
      .where('contact_way.deleted_at', 'is', null);
    const keyword = q.keyword?.trim();
    if (keyword) query = query.where(sql<boolean>`contact_way.name like ${escapeLike(keyword)} escape '\\'`);
    if (q.groupId === 0) query = query.where('contact_way.group_id', 'is', null);
    else if (q.groupId !== undefined) query = query.where('contact_way.group_id', '=', q.groupId);
    if (q.leadBatchId !== undefined) query = query.where('contact_way.lead_batch_id', '=', q.leadBatchId);
    if (q.userid) {
      const userid = q.userid;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('contact_way_member')
            .select('contact_way_member.userid')
            .whereRef('contact_way_member.contact_way_id', '=', 'contact_way.id')
            .where('contact_way_member.userid', '=', userid),
        ),
      );
    }
    return query;
  }

  /** Channel and staff codes by name for pickers: those named `ids`, or the newest matching `keyword`. */
  codeOptions(wsId: number, q: { keyword: string; ids?: number[]; limit: number }): Promise<Array<Pick<ContactWay, 'id' | 'name' | 'kind'>>> {
    let query = this.db
      .selectFrom('contact_way')
      .select(['id', 'name', 'kind'])
      .where('work_space_id', '=', wsId)
      .where('kind', 'in', ['channel', 'staff'])
      .where('deleted_at', 'is', null);
    if (q.ids) query = query.where('id', 'in', q.ids.length ? q.ids : [0]);
    if (q.keyword) query = query.where(sql<boolean>`name like ${escapeLike(q.keyword)} escape '\\'`);
    return query.orderBy('id', 'desc').limit(q.limit).execute();
  }

  list(wsId: number, q: CodeQuery): Promise<ContactWay[]> {
    return this.filtered(wsId, q).selectAll('contact_way').orderBy('contact_way.id', 'desc').offset(q.offset).limit(q.limit).execute();
  }

  async count(wsId: number, q: Omit<CodeQuery, 'offset' | 'limit'>): Promise<number> {
    const row = await this.filtered(wsId, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(values: Insertable<ContactWayTable>, executor: Executor = this.db): Promise<number> {
    const row = await executor.insertInto('contact_way').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: Updateable<ContactWayTable>, executor: Executor = this.db): Promise<void> {
    await executor.updateTable('contact_way').set(values).where('id', '=', id).execute();
  }

  /**
   * Marks a code's WeCom creation as in flight for one run (`token`), so no other run asks WeCom too.
   * Taken when nobody holds it, or from a holder that marked it before `staleBefore` (its process died:
   * its call cannot still be waiting). `previous`: when the holder it took over (or the one holding it) began.
   */
  async beginCreate(id: number, token: string, now: number, staleBefore: number): Promise<{ held: boolean; previous: number | null }> {
    const row = await this.db.selectFrom('contact_way').select(['creating_by', 'creating_at', 'config_id', 'deleted_at']).where('id', '=', id).executeTakeFirst();
    if (!row || row.config_id || row.deleted_at !== null) return { held: false, previous: null };
    const previous = row.creating_by ? (row.creating_at ?? 0) : null;
    if (previous !== null && previous >= staleBefore) return { held: false, previous };
    let q = this.db
      .updateTable('contact_way')
      .set({ creating_by: token, creating_at: now })
      .where('id', '=', id)
      .where('config_id', 'is', null)
      .where('deleted_at', 'is', null);
    // Compare-and-set on what was read: two runs that both read it free (or stale) cannot both take it.
    q = row.creating_by === null ? q.where('creating_by', 'is', null) : q.where('creating_by', '=', row.creating_by).where('creating_at', '=', previous);
    const r = await q.executeTakeFirst();
    return { held: Number(r.numUpdatedRows) > 0, previous };
  }

  /** The run is done asking WeCom (whatever the answer). */
  async endCreate(id: number, token: string): Promise<void> {
    await this.db.updateTable('contact_way').set({ creating_by: null, creating_at: null }).where('id', '=', id).where('creating_by', '=', token).execute();
  }

  /** Records the code's WeCom way unless it has one already (another run's); true when recorded. */
  async recordWay(id: number, values: Updateable<ContactWayTable> & { config_id: string }): Promise<boolean> {
    const r = await this.db.updateTable('contact_way').set(values).where('id', '=', id).where('config_id', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** A code whose way was never made shows why (a code that has its way keeps it). */
  async markCreateFailed(id: number, error: string, now: number): Promise<void> {
    await this.db.updateTable('contact_way').set({ status: 'failed', error, updated_at: now }).where('id', '=', id).where('config_id', 'is', null).execute();
  }

  /** Live channel codes with a non-empty online schedule (re-checked every minute). */
  scheduledChannelCodes(): Promise<ContactWay[]> {
    return this.db
      .selectFrom('contact_way')
      .selectAll()
      .where('kind', '=', 'channel')
      .where('deleted_at', 'is', null)
      .where('status', '=', 'active')
      .where('schedule', '!=', '[]')
      .execute();
  }

  /** Live channel codes a member is on. */
  async channelCodesOf(wsId: number, userids: string[]): Promise<number[]> {
    if (!userids.length) return [];
    const rows = await this.db
      .selectFrom('contact_way_member')
      .innerJoin('contact_way', 'contact_way.id', 'contact_way_member.contact_way_id')
      .select('contact_way.id')
      .distinct()
      .where('contact_way_member.work_space_id', '=', wsId)
      .where('contact_way_member.userid', 'in', userids)
      .where('contact_way.kind', '=', 'channel')
      .where('contact_way.deleted_at', 'is', null)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Temporary codes whose time is up but still marked active. */
  expiredActive(now: number): Promise<Array<{ id: number; work_space_id: number }>> {
    return this.db
      .selectFrom('contact_way')
      .select(['id', 'work_space_id'])
      .where('status', 'in', ['active', 'creating'])
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .where('deleted_at', 'is', null)
      .execute();
  }

  // ---------------------------------------------------------------- members

  /** Codes of one member each (staff and lead codes) in one insert; their ids in the order given. */
  async insertOneMemberCodes(wsId: number, codes: Array<{ values: Insertable<ContactWayTable>; userid: string }>, trx: Executor): Promise<number[]> {
    const rows = codes.map((c) => c.values);
    const made = await trx.insertInto('contact_way').values(rows).returning(['id', 'state']).execute();
    // Matched by state, not by position: the order RETURNING yields is not promised.
    const byState = new Map(made.map((r) => [r.state, r.id]));
    const ids = rows.map((r) => byState.get(r.state)!);
    await trx
      .insertInto('contact_way_member')
      .values(codes.map((c, j) => ({ contact_way_id: ids[j]!, work_space_id: wsId, userid: c.userid, sort: 0, daily_cap: null, backup: 0, online: 1 })))
      .execute();
    return ids;
  }

  members(contactWayId: number, executor: Executor = this.db): Promise<ContactWayMember[]> {
    return membersOfCode.rows(executor, { id: contactWayId });
  }

  membersOf(ids: number[]): Promise<ContactWayMember[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('contact_way_member').selectAll().where('contact_way_id', 'in', ids).orderBy('contact_way_id').orderBy('sort').execute();
  }

  async replaceMembers(contactWayId: number, wsId: number, rows: Array<Omit<ContactWayMember, 'contact_way_id' | 'work_space_id'>>, trx: Executor): Promise<void> {
    await trx.deleteFrom('contact_way_member').where('contact_way_id', '=', contactWayId).execute();
    if (rows.length) {
      await trx
        .insertInto('contact_way_member')
        .values(rows.map((r) => ({ ...r, contact_way_id: contactWayId, work_space_id: wsId })))
        .execute();
    }
  }

  async setMemberOnline(contactWayId: number, userid: string, online: boolean): Promise<boolean> {
    const r = await this.db
      .updateTable('contact_way_member')
      .set({ online: online ? 1 : 0 })
      .where('contact_way_id', '=', contactWayId)
      .where('userid', '=', userid)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Names and avatars of synced members. */
  async memberInfo(wsId: number, userids: string[]): Promise<Map<string, { name: string; avatar: string; isFollowUser: boolean }>> {
    const out = new Map<string, { name: string; avatar: string; isFollowUser: boolean }>();
    if (!userids.length) return out;
    const unique = [...new Set(userids)];
    for (let i = 0; i < unique.length; i += 500) {
      const rows = await this.db
        .selectFrom('member')
        .select(['userid', 'name', 'avatar', 'is_follow_user'])
        .where('work_space_id', '=', wsId)
        .where('userid', 'in', unique.slice(i, i + 500))
        .execute();
      for (const r of rows) out.set(r.userid, { name: r.name, avatar: r.avatar, isFollowUser: r.is_follow_user === 1 });
    }
    return out;
  }

  /** Corp tag names by id (live tags of the work space). */
  async tagNames(wsId: number, ids: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!ids.length) return out;
    const rows = await this.db
      .selectFrom('corp_tag')
      .select(['id', 'name'])
      .where('work_space_id', '=', wsId)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    for (const r of rows) out.set(r.id, r.name);
    return out;
  }

  // ---------------------------------------------------------------- adds

  /** Records an add once per callback event; returns its id, or null when it was recorded before. */
  async insertAdd(values: NewAdd, trx: Executor): Promise<number | null> {
    return (await insertAddRow.first(trx, values))?.id ?? null;
  }

  /** The add through a lead's code belongs to that lead; the first add also fills the lead in. */
  async linkAddToLead(contactWayId: number, addId: number, who: { externalUserid: string; userid: string; at: number }, trx: Executor): Promise<void> {
    const lead = await trx.selectFrom('lead').select(['id', 'added_at']).where('contact_way_id', '=', contactWayId).executeTakeFirst();
    if (!lead) return;
    await trx.updateTable('contact_way_add').set({ lead_id: lead.id }).where('id', '=', addId).execute();
    // The first add is the lead's; a second person scanning the same code stays an add of the code.
    if (lead.added_at === null) {
      await trx
        .updateTable('lead')
        .set({ external_userid: who.externalUserid, userid: who.userid, added_at: who.at })
        .where('id', '=', lead.id)
        .execute();
    }
  }

  findAdd(id: number): Promise<ContactWayAdd | undefined> {
    return addById.first(this.db, { id });
  }

  /** The add recorded for a callback event (at most one). */
  findAddOfEvent(callbackEventId: number): Promise<ContactWayAdd | undefined> {
    return this.db.selectFrom('contact_way_add').selectAll().where('callback_event_id', '=', callbackEventId).executeTakeFirst();
  }

  async updateAdd(id: number, values: AddChange): Promise<void> {
    const columns = Object.keys(values).filter((c) => values[c as keyof AddChange] !== undefined);
    if (!columns.length) return;
    await addUpdate(columns.join(',')).run(this.db, { ...values, id });
  }

  /** A customer's adds whose auto-tags are still to go on, oldest first. */
  pendingTagAdds(wsId: number, externalUserid: string): Promise<ContactWayAdd[]> {
    return pendingTags.rows(this.db, { wsId, externalUserid });
  }

  /** Those adds' tags are given up on, with the reason. */
  async failPendingTags(wsId: number, externalUserid: string, error: string): Promise<void> {
    await this.db
      .updateTable('contact_way_add')
      .set({ tag_status: 'failed', tag_error: error.slice(0, 500) })
      .where('work_space_id', '=', wsId)
      .where('external_userid', '=', externalUserid)
      .where('tag_status', '=', 'pending')
      .execute();
  }

  /** The userid of the newest add through a code (the round-robin position). */
  async lastReceiver(contactWayId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('contact_way_add')
      .select('userid')
      .where('contact_way_id', '=', contactWayId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.userid ?? null;
  }

  /** Adds through a code by a member since `since`. */
  async countCodeAdds(contactWayId: number, userid: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('contact_way_add')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contact_way_id', '=', contactWayId)
      .where('userid', '=', userid)
      .where('added_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Adds of a member (through any code or none) since `since`. */
  async countMemberAdds(wsId: number, userid: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('contact_way_add')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('work_space_id', '=', wsId)
      .where('userid', '=', userid)
      .where('added_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Of a member's adds since `since`, how many of those customers deleted the member. */
  async memberDeletions(wsId: number, userid: string, since: number): Promise<{ adds: number; deleted: number }> {
    const row = await this.db
      .selectFrom('contact_way_add')
      .select((eb) => [
        eb.fn.countAll<number>().as('adds'),
        eb.fn.count<number>('deleted_by_customer_at').as('deleted'),
      ])
      .where('work_space_id', '=', wsId)
      .where('userid', '=', userid)
      .where('added_at', '>=', since)
      .executeTakeFirstOrThrow();
    return { adds: Number(row.adds), deleted: Number(row.deleted) };
  }

  /** Per code and member: adds since `since` and in all. */
  async memberCountsOf(ids: number[], since: number): Promise<Map<number, Map<string, { today: number; total: number }>>> {
    const out = new Map<number, Map<string, { today: number; total: number }>>();
    if (!ids.length) return out;
    const rows = await this.db
      .selectFrom('contact_way_add')
      .select((eb) => [
        'contact_way_id',
        'userid',
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(sql<number>`case when added_at >= ${since} then 1 else 0 end`).as('today'),
      ])
      .where('contact_way_id', 'in', ids)
      .groupBy(['contact_way_id', 'userid'])
      .execute();
    for (const r of rows) {
      const m = out.get(r.contact_way_id!) ?? new Map();
      m.set(r.userid, { today: Number(r.today ?? 0), total: Number(r.total) });
      out.set(r.contact_way_id!, m);
    }
    return out;
  }

  /** Per code: adds today and in all, and deletions (either side) today. */
  async codeCounts(ids: number[], since: number): Promise<Map<number, { today: number; total: number; lostToday: number }>> {
    const out = new Map<number, { today: number; total: number; lostToday: number }>();
    if (!ids.length) return out;
    const rows = await this.db
      .selectFrom('contact_way_add')
      .select((eb) => [
        'contact_way_id',
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(sql<number>`case when added_at >= ${since} then 1 else 0 end`).as('today'),
        eb.fn
          .sum<number>(
            sql<number>`case when deleted_by_member_at >= ${since} or deleted_by_customer_at >= ${since} then 1 else 0 end`,
          )
          .as('lost'),
      ])
      .where('contact_way_id', 'in', ids)
      .groupBy('contact_way_id')
      .execute();
    for (const r of rows) out.set(r.contact_way_id!, { today: Number(r.today ?? 0), total: Number(r.total), lostToday: Number(r.lost ?? 0) });
    return out;
  }

  /**
   * Marks the latest add of the pair not yet marked that happened no later than the deletion: `happenedAt`
   * is WeCom's time of the deletion, compared with WeCom's time of each add (its customer event; an add
   * WeCom made in the same second counts as before it). Events may arrive in another order.
   */
  async markAddDeleted(wsId: number, externalUserid: string, userid: string, side: 'member' | 'customer', at: number, happenedAt: number): Promise<void> {
    const column = side === 'member' ? 'deleted_by_member_at' : 'deleted_by_customer_at';
    const row = await this.db
      .selectFrom('contact_way_add')
      .select('id')
      .where('work_space_id', '=', wsId)
      .where('external_userid', '=', externalUserid)
      .where('userid', '=', userid)
      .where(column, 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('customer_event')
              .select('customer_event.id')
              .where('customer_event.dedupe_key', '=', sql<string>`'cb:' || ${sql.ref('contact_way_add.callback_event_id')} || ':add'`)
              .where('customer_event.at', '>', happenedAt),
          ),
        ),
      )
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row) await this.db.updateTable('contact_way_add').set({ [column]: at }).where('id', '=', row.id).execute();
  }

  /**
   * An add recorded after a deletion of the pair that happened at or after it (WeCom's time; its customer
   * event is recorded before it marks adds) takes that deletion's time, either way.
   */
  async stampEarlierDeletions(addId: number, happenedAt: number): Promise<void> {
    await stampDeletions.run(this.db, { addId, happenedAt });
  }

  /** Whether the corp had any relation with the customer (before this add). */
  async knownCustomer(wsId: number, externalUserid: string, executor: Executor = this.db): Promise<boolean> {
    return Boolean(await anyRelation.first(executor, { wsId, externalUserid }));
  }

  // ---------------------------------------------------------------- groups (channel codes)

  groupNames(wsId: number): Promise<Array<{ id: number; name: string }>> {
    return this.db.selectFrom('contact_way_group').select(['id', 'name']).where('work_space_id', '=', wsId).execute();
  }

  findGroup(wsId: number, id: number) {
    return this.db.selectFrom('contact_way_group').selectAll().where('work_space_id', '=', wsId).where('id', '=', id).executeTakeFirst();
  }

  /** Groups in their order, those whose name contains `keyword` when given. */
  groups(wsId: number, keyword?: string): Promise<Array<{ id: number; name: string }>> {
    let q = this.db.selectFrom('contact_way_group').select(['id', 'name']).where('work_space_id', '=', wsId);
    if (keyword) q = q.where(sql<boolean>`name like ${escapeLike(keyword)} escape '\\'`);
    return q.orderBy('sort').orderBy('id').execute();
  }

  /** Live channel codes per group (null: in no group). */
  async channelCountsByGroup(wsId: number): Promise<Map<number | null, number>> {
    const counts = await this.db
      .selectFrom('contact_way')
      .select((eb) => ['group_id', eb.fn.countAll<number>().as('n')])
      .where('work_space_id', '=', wsId)
      .where('kind', '=', 'channel')
      .where('deleted_at', 'is', null)
      .groupBy('group_id')
      .execute();
    return new Map(counts.map((c) => [c.group_id, Number(c.n)]));
  }

  /** Throws the database's unique violation when the name is taken. */
  async insertGroup(wsId: number, name: string, now: number): Promise<number> {
    const row = await this.db
      .insertInto('contact_way_group')
      .values({ work_space_id: wsId, name, sort: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Throws the database's unique violation when the name is taken. */
  async renameGroup(id: number, name: string): Promise<void> {
    await this.db.updateTable('contact_way_group').set({ name }).where('id', '=', id).execute();
  }

  /** Its codes become ungrouped (the foreign key sets null). */
  async deleteGroup(id: number): Promise<void> {
    await this.db.deleteFrom('contact_way_group').where('id', '=', id).execute();
  }

  /** How many of `ids` are live channel codes of the work space. */
  async countLiveChannelCodes(wsId: number, ids: number[]): Promise<number> {
    const found = await this.db
      .selectFrom('contact_way')
      .select('id')
      .where('work_space_id', '=', wsId)
      .where('kind', '=', 'channel')
      .where('deleted_at', 'is', null)
      .where('id', 'in', ids)
      .execute();
    return found.length;
  }

  async setGroup(ids: number[], groupId: number | null): Promise<void> {
    await this.db.updateTable('contact_way').set({ group_id: groupId }).where('id', 'in', ids).execute();
  }
}
