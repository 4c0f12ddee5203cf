// SQL of 客户群: the synced group_chat / group_member tables read with owner and member names, and the
// group_event rows that count joins and quits (one per callback event).
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB, GroupEventTable } from '../db/tables.js';

export interface GroupQuery {
  owners?: string[];
  name?: string;
  tagIds?: string[];
  /** Joins and quits are counted from here (start of today, China time). */
  since: number;
  offset: number;
  limit: number;
}

export type GroupEventValues = Insertable<GroupEventTable>;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type GroupEb = ExpressionBuilder<DB, 'group_chat'>;

export class GroupRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  /** Stores a join or quit once per callback event: false when this event was already counted. */
  async recordEvent(values: GroupEventValues): Promise<boolean> {
    const r = await this.db
      .insertInto('group_event')
      .values(values)
      .onConflict((oc) => oc.column('callback_event_id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  private filtered(wsId: number, q: Omit<GroupQuery, 'offset' | 'limit' | 'since'>) {
    let query = this.db.selectFrom('group_chat').where('group_chat.work_space_id', '=', wsId);
    if (q.owners?.length) query = query.where('group_chat.owner', 'in', q.owners);
    const name = q.name?.trim();
    if (name) query = query.where(sql<boolean>`group_chat.name like ${like(name)} escape '\\'`);
    if (q.tagIds?.length) {
      // A group "has" a tag when a customer in it carries it on any live follow relation.
      const tags = q.tagIds;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('group_member')
            .innerJoin('follow_tag', (j) =>
              j.onRef('follow_tag.work_space_id', '=', 'group_member.work_space_id').onRef('follow_tag.external_userid', '=', 'group_member.member_id'),
            )
            .innerJoin('follow_relation', (j) =>
              j
                .onRef('follow_relation.work_space_id', '=', 'follow_tag.work_space_id')
                .onRef('follow_relation.external_userid', '=', 'follow_tag.external_userid')
                .onRef('follow_relation.userid', '=', 'follow_tag.userid'),
            )
            .select(sql`1`.as('one'))
            .whereRef('group_member.work_space_id', '=', 'group_chat.work_space_id')
            .whereRef('group_member.chat_id', '=', 'group_chat.chat_id')
            .where('group_member.type', '=', 2)
            .where('group_member.left_at', 'is', null)
            .where('follow_relation.deleted_at', 'is', null)
            .where('follow_tag.tag_id', 'in', tags)
        ),
      );
    }
    return query;
  }

  async count(wsId: number, q: Omit<GroupQuery, 'offset' | 'limit' | 'since'>): Promise<number> {
    const row = await this.filtered(wsId, q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private memberCount(eb: GroupEb, type: number) {
    return eb
      .selectFrom('group_member')
      .select((e) => e.fn.countAll<number>().as('c'))
      .whereRef('group_member.work_space_id', '=', 'group_chat.work_space_id')
      .whereRef('group_member.chat_id', '=', 'group_chat.chat_id')
      .where('group_member.type', '=', type)
      .where('group_member.left_at', 'is', null);
  }

  private changes(eb: GroupEb, kind: 'join' | 'quit', since: number) {
    return eb
      .selectFrom('group_event')
      .select((e) => e.fn.coalesce(e.fn.sum<number>('group_event.count'), sql<number>`0`).as('c'))
      .whereRef('group_event.work_space_id', '=', 'group_chat.work_space_id')
      .whereRef('group_event.chat_id', '=', 'group_chat.chat_id')
      .where('group_event.kind', '=', kind)
      .where('group_event.at', '>=', since);
  }

  private rows(wsId: number, q: Omit<GroupQuery, 'offset' | 'limit'>) {
    return this.filtered(wsId, q)
      .leftJoin('member', (j) => j.onRef('member.work_space_id', '=', 'group_chat.work_space_id').onRef('member.userid', '=', 'group_chat.owner'))
      .select([
        'group_chat.chat_id',
        'group_chat.name',
        'group_chat.owner',
        'member.name as owner_name',
        'group_chat.member_count',
        'group_chat.create_time',
        'group_chat.status',
        'group_chat.notice',
      ])
      .select((eb) => [
        this.memberCount(eb, 2).as('customer_count'),
        this.memberCount(eb, 1).as('staff_count'),
        this.changes(eb, 'join', q.since).as('today_joins'),
        this.changes(eb, 'quit', q.since).as('today_quits'),
      ]);
  }

  list(wsId: number, q: GroupQuery) {
    return this.rows(wsId, q)
      .orderBy('group_chat.create_time', 'desc')
      .orderBy('group_chat.chat_id', 'asc')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
  }

  find(wsId: number, chatId: string, since: number) {
    return this.rows(wsId, { since }).where('group_chat.chat_id', '=', chatId).executeTakeFirst();
  }

  /** The group's current members with names (members from the address book, customers from the customer table). */
  members(wsId: number, chatId: string) {
    return this.db
      .selectFrom('group_member')
      .leftJoin('member as staff', (j) =>
        j.onRef('staff.work_space_id', '=', 'group_member.work_space_id').onRef('staff.userid', '=', 'group_member.member_id'),
      )
      .leftJoin('customer', (j) =>
        j.onRef('customer.work_space_id', '=', 'group_member.work_space_id').onRef('customer.external_userid', '=', 'group_member.member_id'),
      )
      .leftJoin('member as inviter', (j) =>
        j.onRef('inviter.work_space_id', '=', 'group_member.work_space_id').onRef('inviter.userid', '=', 'group_member.invitor'),
      )
      .select([
        'group_member.member_id',
        'group_member.type',
        'group_member.join_time',
        'group_member.join_scene',
        'group_member.invitor',
        'staff.name as staff_name',
        'customer.name as customer_name',
        'inviter.name as invitor_name',
      ])
      .where('group_member.work_space_id', '=', wsId)
      .where('group_member.chat_id', '=', chatId)
      .where('group_member.left_at', 'is', null)
      .orderBy('group_member.join_time', 'asc')
      .orderBy('group_member.member_id', 'asc')
      .limit(2000)
      .execute();
  }

  /** The customers (external members still in) of these groups (a push to customers in groups). */
  async customersIn(wsId: number, chatIds: string[]): Promise<string[]> {
    if (!chatIds.length) return [];
    const rows = await this.db
      .selectFrom('group_member')
      .select('member_id')
      .distinct()
      .where('work_space_id', '=', wsId)
      .where('chat_id', 'in', chatIds)
      .where('type', '=', 2)
      .where('left_at', 'is', null)
      .execute();
    return rows.map((r) => r.member_id);
  }

  /** Groups by owner (or exactly these), in chat_id order after `after` (a push to groups). */
  ownedAfter(wsId: number, q: { owners?: string[]; chatIds?: string[] }, after: string, limit: number) {
    return this.db
      .selectFrom('group_chat')
      .select(['chat_id', 'owner'])
      .where('work_space_id', '=', wsId)
      .where('chat_id', '>', after)
      .$if(!!q.owners?.length, (b) => b.where('owner', 'in', q.owners!))
      .$if(!!q.chatIds?.length, (b) => b.where('chat_id', 'in', q.chatIds!))
      .orderBy('chat_id')
      .limit(limit)
      .execute();
  }

  /** Which of these ids are customers of the work space (group members may be anyone's WeChat users). */
  async customersAmong(wsId: number, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('customer').select('external_userid').where('work_space_id', '=', wsId).where('external_userid', 'in', ids).execute();
    return new Set(rows.map((r) => r.external_userid));
  }

  /** Joins and quits of a group since `since`, for the trend. */
  events(wsId: number, chatId: string, since: number) {
    return this.db
      .selectFrom('group_event')
      .select(['kind', 'count', 'at'])
      .where('work_space_id', '=', wsId)
      .where('chat_id', '=', chatId)
      .where('at', '>=', since)
      .execute();
  }
}
