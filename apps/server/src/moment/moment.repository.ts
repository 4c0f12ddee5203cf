// SQL of 朋友圈: one `moment` row per moments task (its content, range, state and counts) and one
// `moment_member` row per sender with WeCom's publish state.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../db/database.js';
import type { MomentMemberTable, MomentTable } from '../db/tables.js';

export type Moment = Selectable<MomentTable>;
export type MomentValues = Insertable<MomentTable>;
export type MomentStatusValue = MomentTable['status'];

export interface MomentQuery {
  status?: MomentStatusValue;
  keyword?: string;
  offset: number;
  limit: number;
}

const likeEscaped = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class MomentRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  async insert(row: MomentValues): Promise<number> {
    const r = await this.db.insertInto('moment').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  find(wsId: number, id: number): Promise<Moment | undefined> {
    return this.db.selectFrom('moment').selectAll().where('work_space_id', '=', wsId).where('id', '=', id).executeTakeFirst();
  }

  findAny(id: number): Promise<Moment | undefined> {
    return this.db.selectFrom('moment').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Changes a moment only while it is in one of `from` (what another request or run may have changed meanwhile); whether it did. */
  async updateIf(id: number, from: MomentStatusValue[], values: Updateable<MomentTable>): Promise<boolean> {
    const r = await this.db.updateTable('moment').set(values).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The mark before add_moment_task: taken only if nobody took it since `previous` was read. */
  async markAttempt(id: number, previous: number | null, at: number): Promise<boolean> {
    let q = this.db.updateTable('moment').set({ attempted_at: at }).where('id', '=', id).where('status', '=', 'sending').where('jobid', 'is', null).where('moment_id', 'is', null);
    q = previous === null ? q.where('attempted_at', 'is', null) : q.where('attempted_at', '=', previous);
    return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('moment').where('id', '=', id).execute();
  }

  private filtered(wsId: number, q: Omit<MomentQuery, 'offset' | 'limit'>) {
    let query = this.db.selectFrom('moment').where('moment.work_space_id', '=', wsId);
    if (q.status) query = query.where('moment.status', '=', q.status);
    if (q.keyword) query = query.where('moment.name', 'like', likeEscaped(q.keyword));
    return query;
  }

  async count(wsId: number, q: Omit<MomentQuery, 'offset' | 'limit'>): Promise<number> {
    const r = await this.filtered(wsId, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Newest first, with the creating account's name. */
  list(wsId: number, q: MomentQuery) {
    return this.filtered(wsId, q)
      .leftJoin('account', 'account.id', 'moment.created_by')
      .selectAll('moment')
      .select('account.nickname as creator_name')
      .orderBy('moment.created_at', 'desc')
      .orderBy('moment.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
  }

  creatorName(accountId: number | null): Promise<string> {
    if (accountId === null) return Promise.resolve('');
    return this.db
      .selectFrom('account')
      .select('nickname')
      .where('id', '=', accountId)
      .executeTakeFirst()
      .then((r) => r?.nickname ?? '');
  }

  /** Scheduled moments whose time has come (business clock). */
  async due(now: number): Promise<number[]> {
    const rows = await this.db.selectFrom('moment').select('id').where('status', '=', 'scheduled').where('send_at', '<=', now).orderBy('send_at').limit(500).execute();
    return rows.map((r) => Number(r.id));
  }

  /** Moments being published whose next look at WeCom is due, and those not yet made in WeCom. */
  async trackingDue(now: number): Promise<Array<{ id: number; work_space_id: number; made: boolean }>> {
    const rows = await this.db
      .selectFrom('moment')
      .select(['id', 'work_space_id', 'jobid', 'moment_id'])
      .where('status', '=', 'sending')
      .where((eb) => eb.or([eb('next_track_at', '<=', now), eb('next_track_at', 'is', null)]))
      .orderBy('next_track_at')
      .limit(500)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), work_space_id: Number(r.work_space_id), made: r.jobid !== null || r.moment_id !== null }));
  }

  /** Whether another moment of the work space already holds this WeCom moment. */
  async momentIdTaken(wsId: number, momentId: string, exceptId: number): Promise<boolean> {
    const r = await this.db.selectFrom('moment').select('id').where('work_space_id', '=', wsId).where('moment_id', '=', momentId).where('id', '!=', exceptId).executeTakeFirst();
    return r !== undefined;
  }

  /** The userids of this list the work space's address book knows. */
  async knownMembers(wsId: number, userids: string[]): Promise<Set<string>> {
    if (!userids.length) return new Set();
    const rows = await this.db.selectFrom('member').select('userid').where('work_space_id', '=', wsId).where('userid', 'in', userids).execute();
    return new Set(rows.map((r) => r.userid));
  }

  // ---------------------------------------------------------------- members

  /**
   * WeCom's word on the senders: each listed member published or not (a first publish keeps its time),
   * the invalid ones marked so; then the moment's counts from the rows, in one transaction.
   */
  async recordMembers(
    id: number,
    states: Array<{ userid: string; published: boolean }>,
    invalid: string[],
    values: Updateable<MomentTable>,
    now: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const rows = [
        ...states.map((s) => ({ task_id: id, userid: s.userid, status: (s.published ? 'published' : 'unpublished') as MomentMemberTable['status'], published_at: s.published ? now : null, reminded_at: null })),
        ...invalid.map((userid) => ({ task_id: id, userid, status: 'invalid' as const, published_at: null, reminded_at: null })),
      ];
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('moment_member')
          .values(rows.slice(i, i + 200))
          .onConflict((oc) =>
            oc.columns(['task_id', 'userid']).doUpdateSet((eb) => ({
              status: eb.ref('excluded.status'),
              // the first time it was seen published
              published_at: eb.fn.coalesce('moment_member.published_at', eb.ref('excluded.published_at')),
            })),
          )
          .execute();
      }
      const counts = await trx
        .selectFrom('moment_member')
        .select('status')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('task_id', '=', id)
        .groupBy('status')
        .execute();
      const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
      await trx
        .updateTable('moment')
        .set({ ...values, published: n('published'), unpublished: n('unpublished'), members: n('published') + n('unpublished'), invalid_senders: n('invalid') })
        .where('id', '=', id)
        .execute();
    });
  }

  private membersOf(id: number, status?: MomentMemberTable['status']) {
    let q = this.db.selectFrom('moment_member').where('moment_member.task_id', '=', id);
    if (status) q = q.where('moment_member.status', '=', status);
    return q;
  }

  async countMembers(id: number, status?: MomentMemberTable['status']): Promise<number> {
    const r = await this.membersOf(id, status).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** A page of senders with their names (published first, then by userid). */
  listMembers(wsId: number, id: number, q: { status?: MomentMemberTable['status']; offset: number; limit: number }) {
    return this.membersOf(id, q.status)
      .leftJoin('member', (j) => j.onRef('member.userid', '=', 'moment_member.userid').on('member.work_space_id', '=', wsId))
      .selectAll('moment_member')
      .select(['member.name as member_name', 'member.avatar as member_avatar'])
      .orderBy('moment_member.status')
      .orderBy('moment_member.userid')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
  }

  /** The senders' rows (all, or one). */
  memberRows(id: number, userid?: string) {
    let q = this.membersOf(id).selectAll('moment_member');
    if (userid !== undefined) q = q.where('moment_member.userid', '=', userid);
    return q.execute();
  }

  async markReminded(id: number, userids: string[], at: number): Promise<void> {
    for (let i = 0; i < userids.length; i += 500) {
      await this.db.updateTable('moment_member').set({ reminded_at: at }).where('task_id', '=', id).where('userid', 'in', userids.slice(i, i + 500)).execute();
    }
  }
}
