// SQL of 资源包 (seat): an account's seats, their terms and who holds them (docs/seats.md).
// A bind is one conditional UPDATE of one free seat picked in the same statement (PostgreSQL skips rows
// another bind holds; SQLite serialises writes), so concurrent binds never hand out a seat twice.
import { sql, type Insertable } from 'kysely';
import type { Database } from '../db/database.js';
import { affected } from '../db/database.js';
import type { SeatTable } from '../db/tables.js';
import type { SeatState } from '@scrm/contracts/seat';

type Executor = Database['kysely'];

export interface SeatRow {
  id: number;
  account_id: number;
  state: SeatState;
  work_space_id: number | null;
  userid: string | null;
  source: string;
  starts_at: number;
  expires_at: number;
  bound_at: number | null;
  notified_stage: number;
}

export interface SeatListRow extends SeatRow {
  work_space_name: string | null;
  member_name: string | null;
}

export interface SeatQuery {
  state?: SeatState;
  /** 0: only seats in the account's pool. */
  workSpaceId?: number;
}

const COLUMNS = ['seat.id', 'seat.account_id', 'seat.state', 'seat.work_space_id', 'seat.userid', 'seat.source', 'seat.starts_at', 'seat.expires_at', 'seat.bound_at', 'seat.notified_stage'] as const;

export class SeatRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** `count` new free seats of the term [startsAt, expiresAt) for the main account. */
  async insertSeats(accountId: number, count: number, term: { startsAt: number; expiresAt: number }, source: string, now: number, executor: Executor = this.db): Promise<number> {
    const rows: Insertable<SeatTable>[] = Array.from({ length: count }, () => ({
      account_id: accountId,
      state: 'free' as const,
      work_space_id: null,
      userid: null,
      source,
      starts_at: term.startsAt,
      expires_at: term.expiresAt,
      bound_at: null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100) await executor.insertInto('seat').values(rows.slice(i, i + 100)).execute();
    return rows.length;
  }

  async accountExists(accountId: number): Promise<boolean> {
    const row = await this.db.selectFrom('account').select('id').where('id', '=', accountId).where('parent_id', 'is', null).executeTakeFirst();
    return Boolean(row);
  }

  /** Live seats (free / bound), expired ones, and those of the live ending before `soon`. */
  async figures(accountId: number, soon: number): Promise<{ free: number; bound: number; expired: number; expiring: number; next: number | null }> {
    const row = await this.db
      .selectFrom('seat')
      .select([
        sql<number>`coalesce(sum(case when state = 'free' then 1 else 0 end), 0)`.as('free'),
        sql<number>`coalesce(sum(case when state = 'bound' then 1 else 0 end), 0)`.as('bound'),
        sql<number>`coalesce(sum(case when state = 'expired' then 1 else 0 end), 0)`.as('expired'),
        sql<number>`coalesce(sum(case when state <> 'expired' and expires_at <= ${soon} then 1 else 0 end), 0)`.as('expiring'),
        sql<number | null>`min(case when state <> 'expired' then expires_at end)`.as('next'),
      ])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return { free: Number(row.free), bound: Number(row.bound), expired: Number(row.expired), expiring: Number(row.expiring), next: row.next === null ? null : Number(row.next) };
  }

  /** Per work space of the account: its live seats, free and bound. */
  async byWorkSpace(accountId: number): Promise<Array<{ id: number; nickname: string; free: number; used: number }>> {
    const rows = await this.db
      .selectFrom('work_space as w')
      .leftJoin('seat as s', (j) => j.onRef('s.work_space_id', '=', 'w.id').on('s.state', '<>', 'expired'))
      .select([
        'w.id',
        'w.nickname',
        sql<number>`coalesce(sum(case when s.state = 'free' then 1 else 0 end), 0)`.as('free'),
        sql<number>`coalesce(sum(case when s.state = 'bound' then 1 else 0 end), 0)`.as('used'),
      ])
      .where('w.account_id', '=', accountId)
      .groupBy(['w.id', 'w.nickname'])
      .orderBy('w.id')
      .execute();
    return rows.map((r) => ({ id: r.id, nickname: r.nickname, free: Number(r.free), used: Number(r.used) }));
  }

  private listed(accountId: number) {
    return this.db
      .selectFrom('seat')
      .leftJoin('work_space', 'work_space.id', 'seat.work_space_id')
      .leftJoin('member', (j) => j.onRef('member.work_space_id', '=', 'seat.work_space_id').onRef('member.userid', '=', 'seat.userid'))
      .where('seat.account_id', '=', accountId);
  }

  private filtered(accountId: number, q: SeatQuery) {
    let query = this.listed(accountId);
    if (q.state) query = query.where('seat.state', '=', q.state);
    if (q.workSpaceId !== undefined) query = q.workSpaceId === 0 ? query.where('seat.work_space_id', 'is', null) : query.where('seat.work_space_id', '=', q.workSpaceId);
    return query;
  }

  async page(accountId: number, q: SeatQuery, offset: number, limit: number): Promise<{ rows: SeatListRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.filtered(accountId, q)
        .select([...COLUMNS, 'work_space.nickname as work_space_name', 'member.name as member_name'])
        .orderBy(sql`case seat.state when 'bound' then 0 when 'free' then 1 else 2 end`)
        .orderBy('seat.expires_at')
        .orderBy('seat.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.filtered(accountId, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as SeatListRow[], total: Number(count.n) };
  }

  async findMany(accountId: number, ids: number[]): Promise<SeatListRow[]> {
    if (!ids.length) return [];
    const rows = await this.listed(accountId)
      .select([...COLUMNS, 'work_space.nickname as work_space_name', 'member.name as member_name'])
      .where('seat.id', 'in', ids)
      .execute();
    return rows as SeatListRow[];
  }

  /** The live seats held by these members of a work space. */
  async heldBy(wsId: number, userids: string[]): Promise<SeatListRow[]> {
    if (!userids.length) return [];
    const rows = await this.db
      .selectFrom('seat')
      .leftJoin('work_space', 'work_space.id', 'seat.work_space_id')
      .leftJoin('member', (j) => j.onRef('member.work_space_id', '=', 'seat.work_space_id').onRef('member.userid', '=', 'seat.userid'))
      .select([...COLUMNS, 'work_space.nickname as work_space_name', 'member.name as member_name'])
      .where('seat.work_space_id', '=', wsId)
      .where('seat.userid', 'in', userids)
      .where('seat.state', '=', 'bound')
      .execute();
    return rows as SeatListRow[];
  }

  /** Which of these members of a work space hold a seat: the seat index alone, no row read (a channel-code page asks for 60). */
  async seated(wsId: number, userids: string[]): Promise<string[]> {
    if (!userids.length) return [];
    const rows = await this.db.selectFrom('seat').select('userid').where('work_space_id', '=', wsId).where('userid', 'in', userids).where('state', '=', 'bound').execute();
    return rows.map((r) => r.userid!);
  }

  /** Which of these members of a work space exist (synced), with their names. */
  async memberNames(wsId: number, userids: string[]): Promise<Map<string, string>> {
    if (!userids.length) return new Map();
    const rows = await this.db.selectFrom('member').select(['userid', 'name']).where('work_space_id', '=', wsId).where('userid', 'in', userids).execute();
    return new Map(rows.map((r) => [r.userid, r.name]));
  }

  /**
   * One free, live seat of the account bound to (wsId, userid): `id` when given, else the work space's
   * own free seats first, then the pool's, the longest term first. The seat is picked and taken in one
   * UPDATE, conditional on it still being free; undefined when none was free.
   */
  async bindOne(accountId: number, wsId: number, userid: string, id: number | undefined, now: number): Promise<number | undefined> {
    const pg = this.database.dialect === 'postgres';
    const row = await this.db
      .updateTable('seat')
      .set({ state: 'bound', work_space_id: wsId, userid, bound_at: now, updated_at: now })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('seat as p')
          .select('p.id')
          .where('p.account_id', '=', accountId)
          .where('p.state', '=', 'free')
          .where('p.expires_at', '>', now)
          .where((w) => w.or([w('p.work_space_id', 'is', null), w('p.work_space_id', '=', wsId)]))
          .$if(id !== undefined, (qb) => qb.where('p.id', '=', id!))
          .orderBy(sql`case when p.work_space_id is null then 1 else 0 end`)
          .orderBy('p.expires_at', 'desc')
          .orderBy('p.id')
          .limit(1)
          .$if(pg, (qb) => qb.forUpdate().skipLocked()),
      )
      .where('state', '=', 'free')
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** The bound seat `id` to another member of its work space. */
  async transfer(accountId: number, id: number, wsId: number, userid: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('seat')
      .set({ userid, bound_at: now, updated_at: now })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('work_space_id', '=', wsId)
      .where('state', '=', 'bound')
      .executeTakeFirst();
    return affected(r) === 1;
  }

  /** Free seats (of the pool or another work space) given to the work space `wsId`. */
  async giveToWorkSpace(accountId: number, ids: number[], wsId: number, now: number): Promise<number> {
    const r = await this.db
      .updateTable('seat')
      .set({ work_space_id: wsId, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .where('state', '=', 'free')
      .executeTakeFirst();
    return affected(r);
  }

  /** Live seats moved to the work space `wsId`; a bound one leaves its member (free there). */
  async migrate(accountId: number, ids: number[], wsId: number, now: number): Promise<number> {
    const r = await this.db
      .updateTable('seat')
      .set({ state: 'free', work_space_id: wsId, userid: null, bound_at: null, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .where('state', 'in', ['free', 'bound'])
      .executeTakeFirst();
    return affected(r);
  }

  /** Bound seats back to free (they stay given to their work space). */
  async unbind(accountId: number, ids: number[], now: number): Promise<number> {
    const r = await this.db
      .updateTable('seat')
      .set({ state: 'free', userid: null, bound_at: null, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .where('state', '=', 'bound')
      .executeTakeFirst();
    return affected(r);
  }

  /** Seats whose term is over and are not yet marked: marked expired (their member keeps no seat). */
  async expireDue(now: number, limit: number): Promise<SeatRow[]> {
    const due = await this.db
      .selectFrom('seat')
      .select([...COLUMNS])
      .where('state', 'in', ['free', 'bound'])
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    const done: SeatRow[] = [];
    for (const s of due as SeatRow[]) {
      const r = await this.db.updateTable('seat').set({ state: 'expired', updated_at: now }).where('id', '=', s.id).where('state', '=', s.state).where('expires_at', '<=', now).executeTakeFirst();
      if (affected(r) === 1) done.push(s);
    }
    return done;
  }

  /** Live seats ending before `before` whose notice of `stage` is not written yet; each claimed by one conditional UPDATE. */
  async claimNotices(stage: number, before: number, now: number, limit: number): Promise<SeatRow[]> {
    const due = await this.db
      .selectFrom('seat')
      .select([...COLUMNS])
      .where('state', 'in', ['free', 'bound'])
      .where('expires_at', '>', now)
      .where('expires_at', '<=', before)
      .where((w) => w.or([w('notified_stage', '=', 0), w('notified_stage', '>', stage)]))
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    const claimed: SeatRow[] = [];
    for (const s of due as SeatRow[]) {
      const r = await this.db.updateTable('seat').set({ notified_stage: stage }).where('id', '=', s.id).where('notified_stage', '=', s.notified_stage).executeTakeFirst();
      if (affected(r) === 1) claimed.push(s);
    }
    return claimed;
  }

  /**
   * `days` more on these seats' terms (all the account's when `ids` is undefined), from their end or from
   * now when already over; an expired seat comes back free (its member is not bound again).
   */
  async renew(accountId: number, ids: number[] | undefined, addMs: number, now: number, executor: Executor = this.db): Promise<SeatRow[]> {
    let q = executor.selectFrom('seat').select([...COLUMNS]).where('account_id', '=', accountId);
    if (ids) q = q.where('id', 'in', ids);
    const rows = (await q.execute()) as SeatRow[];
    for (const s of rows) {
      const expiresAt = Math.max(s.expires_at, now) + addMs;
      await executor
        .updateTable('seat')
        .set({
          expires_at: expiresAt,
          notified_stage: 0,
          updated_at: now,
          ...(s.state === 'expired' ? { state: 'free' as const, userid: null, bound_at: null } : {}),
        })
        .where('id', '=', s.id)
        .where('expires_at', '=', s.expires_at)
        .execute();
    }
    return rows;
  }

  /** The first work space of a main account (where a notice about its pooled seats is written). */
  /** A refunded order's seats: its free ones deleted; how many were taken and how many are bound (left as they are). */
  async takeBackFree(accountId: number, source: string, executor: Executor = this.db): Promise<{ taken: number; bound: number }> {
    const taken = affected(await executor.deleteFrom('seat').where('account_id', '=', accountId).where('source', '=', source).where('state', '=', 'free').executeTakeFirst());
    const row = await executor
      .selectFrom('seat')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('source', '=', source)
      .where('state', '=', 'bound')
      .executeTakeFirstOrThrow();
    return { taken, bound: Number(row.n) };
  }

  /** A refunded renewal: `ms` less on these seats of the account (the minute tick expires those whose term is then over). */
  async shorten(accountId: number, ids: number[], ms: number, now: number, executor: Executor = this.db): Promise<number> {
    if (!ids.length) return 0;
    return affected(
      await executor
        .updateTable('seat')
        .set((eb) => ({ expires_at: eb('expires_at', '-', ms), updated_at: now }))
        .where('account_id', '=', accountId)
        .where('id', 'in', ids)
        .where('state', '<>', 'expired')
        .executeTakeFirst(),
    );
  }

  async firstWorkSpace(accountId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('work_space').select('id').where('account_id', '=', accountId).orderBy('id').limit(1).executeTakeFirst();
    return row?.id;
  }
}
