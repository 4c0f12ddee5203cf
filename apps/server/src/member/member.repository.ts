// SQL of the synced members and departments of a work space (read side).
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../db/tables.js';
import type { Database } from '../db/database.js';

export interface MemberQuery {
  keyword?: string;
  departmentIds?: number[];
  seat?: 'with' | 'without';
  offset: number;
  limit: number;
}

export class MemberRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  departments(wsId: number) {
    return this.db
      .selectFrom('department')
      .select(['id', 'name', 'parent_id', 'order'])
      .where('work_space_id', '=', wsId)
      .orderBy('order', 'desc')
      .orderBy('id', 'asc')
      .execute();
  }

  private filtered(wsId: number, q: MemberQuery) {
    let query = this.db.selectFrom('member').where('member.work_space_id', '=', wsId);
    const keyword = q.keyword?.trim();
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([sql<boolean>`member.name like ${like} escape '\\'`, sql<boolean>`member.userid like ${like} escape '\\'`]),
      );
    }
    if (q.seat) {
      // 资源包: a member holds a seat when a bound seat names them (seat/seat.repository.ts writes it).
      const held = (eb: ExpressionBuilder<DB, 'member'>) => eb.exists(eb.selectFrom('seat').select('seat.id').whereRef('seat.work_space_id', '=', 'member.work_space_id').whereRef('seat.userid', '=', 'member.userid').where('seat.state', '=', 'bound'));
      query = query.where((eb) => (q.seat === 'with' ? held(eb) : eb.not(held(eb))));
    }
    if (q.departmentIds) {
      // department is a JSON list such as [1,3]: match an element exactly.
      const patterns = q.departmentIds.flatMap((id) => [`[${id}]`, `[${id},%`, `%,${id},%`, `%,${id}]`]);
      query = query.where((eb) => eb.or(patterns.map((p) => eb('member.department', 'like', p))));
    }
    return query;
  }

  async count(wsId: number, q: MemberQuery): Promise<number> {
    const row = await this.filtered(wsId, q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  list(wsId: number, q: MemberQuery) {
    // The page's members first (a sort of narrow rows), then their seat and customer count: written as one
    // select, SQLite computed the two sub-selects for every member of the work space before sorting.
    const page = this.filtered(wsId, q).select('member.userid').orderBy('member.name', 'asc').orderBy('member.userid', 'asc').offset(q.offset).limit(q.limit);
    return this.db
      .selectFrom('member')
      .where('member.work_space_id', '=', wsId)
      .where('member.userid', 'in', page)
      .select([
        'member.userid',
        'member.name',
        'member.department',
        'member.status',
        'member.position',
        'member.avatar',
        'member.is_follow_user',
      ])
      .select((eb) =>
        eb
          .selectFrom('seat')
          .select('seat.expires_at')
          .whereRef('seat.work_space_id', '=', 'member.work_space_id')
          .whereRef('seat.userid', '=', 'member.userid')
          .where('seat.state', '=', 'bound')
          .limit(1)
          .as('seat_expires_at'),
      )
      .select((eb) =>
        eb
          .selectFrom('follow_relation')
          .select((e2) => e2.fn.countAll<number>().as('c'))
          .whereRef('follow_relation.work_space_id', '=', 'member.work_space_id')
          .whereRef('follow_relation.userid', '=', 'member.userid')
          .where('follow_relation.deleted_at', 'is', null)
          .as('customer_count'),
      )
      .orderBy('member.name', 'asc')
      .orderBy('member.userid', 'asc')
      .execute();
  }

  /** Members for pickers: by name/userid keyword or exact userids, customer-contact members first. */
  find(wsId: number, q: { keyword?: string; userids?: string[]; contactOnly: boolean; limit: number }) {
    let query = this.db
      .selectFrom('member')
      .select(['userid', 'name', 'avatar', 'department', 'is_follow_user'])
      .where('work_space_id', '=', wsId);
    if (q.userids) query = q.userids.length ? query.where('userid', 'in', q.userids) : query.where(sql<boolean>`1 = 0`);
    else if (q.contactOnly) query = query.where('is_follow_user', '=', 1);
    const keyword = q.keyword?.trim();
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([sql<boolean>`name like ${like} escape '\\'`, sql<boolean>`userid like ${like} escape '\\'`]));
    }
    return query.orderBy('is_follow_user', 'desc').orderBy('name').orderBy('userid').limit(q.limit).execute();
  }
}
