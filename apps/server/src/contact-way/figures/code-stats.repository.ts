// The figures of codes: per day, per member, retention, overview and the customers added. A scope is
// one code, the codes of one lead batch, or every code of a kind in a work space (deleted codes count:
// their customers came through them). Days are China-time days.
import { sql, type SelectQueryBuilder } from 'kysely';
import { dayKey, dayOf, dayStart, DAY_MS, CHINA_OFFSET_MS } from '@scrm/contracts/china-time';
import type { CodeAddList, DayFigures, DaySeries, MemberDaySeries, MemberFiguresList, Overview, RetentionTable } from '@scrm/contracts/contact-way';
import { parseJsonColumn, type Database } from '../../db/database.js';
import type { ContactWayKind, DB } from '../../db/tables.js';

/** Whole China-time days: [start of the first, start of the day after the last), their keys, and the keys asked for. */
export interface DayRange {
  start: string;
  end: string;
  from: number;
  to: number;
  days: string[];
}

export interface StatsScope {
  wsId: number;
  kind: ContactWayKind;
  id?: number;
  batchId?: number;
}

// Literals, not parameters: SQLite binds JS numbers as REAL, which would make this a real division.
const dayIndex = (column: string) => sql<number>`(${sql.ref(column)} + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
const dayFromIndex = (d: number) => dayKey(d * DAY_MS - CHINA_OFFSET_MS);

const emptyDay = (date: string): DayFigures => ({ date, adds: 0, newCustomers: 0, lostByMember: 0, lostByCustomer: 0, net: 0 });

export class CodeStatsRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  /** The adds of a scope. */
  private adds(scope: StatsScope): SelectQueryBuilder<DB, 'contact_way_add' | 'contact_way', object> {
    let q = this.db
      .selectFrom('contact_way_add')
      .innerJoin('contact_way', 'contact_way.id', 'contact_way_add.contact_way_id')
      .where('contact_way_add.work_space_id', '=', scope.wsId)
      .where('contact_way.kind', '=', scope.kind);
    if (scope.id !== undefined) q = q.where('contact_way_add.contact_way_id', '=', scope.id);
    if (scope.batchId !== undefined) q = q.where('contact_way.lead_batch_id', '=', scope.batchId);
    return q;
  }

  async daySeries(scope: StatsScope, { start, end, from, to, days }: DayRange): Promise<DaySeries> {
    const byDay = new Map(days.map((d) => [d, emptyDay(d)]));
    const added = await this.adds(scope)
      .select((eb) => [
        dayIndex('contact_way_add.added_at').as('d'),
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('contact_way_add.new_customer').as('fresh'),
      ])
      .where('contact_way_add.added_at', '>=', from)
      .where('contact_way_add.added_at', '<', to)
      .groupBy(sql`1`)
      .execute();
    for (const r of added) {
      const day = byDay.get(dayFromIndex(Number(r.d)));
      if (day) Object.assign(day, { adds: Number(r.n), newCustomers: Number(r.fresh ?? 0) });
    }
    for (const [column, field] of [
      ['contact_way_add.deleted_by_member_at', 'lostByMember'],
      ['contact_way_add.deleted_by_customer_at', 'lostByCustomer'],
    ] as const) {
      const rows = await this.adds(scope)
        .select((eb) => [dayIndex(column).as('d'), eb.fn.countAll<number>().as('n')])
        .where(column, '>=', from)
        .where(column, '<', to)
        .groupBy(sql`1`)
        .execute();
      for (const r of rows) {
        const day = byDay.get(dayFromIndex(Number(r.d)));
        if (day) day[field] = Number(r.n);
      }
    }
    const list = days.map((d) => {
      const x = byDay.get(d)!;
      return { ...x, net: x.adds - x.lostByMember - x.lostByCustomer };
    });
    const total = list.reduce(
      (t, x) => ({
        ...t,
        adds: t.adds + x.adds,
        newCustomers: t.newCustomers + x.newCustomers,
        lostByMember: t.lostByMember + x.lostByMember,
        lostByCustomer: t.lostByCustomer + x.lostByCustomer,
        net: t.net + x.net,
      }),
      emptyDay(`${start}~${end}`),
    );
    return { list, total };
  }

  /** Of those added each day, how many were still friends 1, 7 and 30 days later (null until measurable). */
  async retention(scope: StatsScope, { from, to, days }: DayRange, now: number): Promise<RetentionTable> {
    const kept = (n: number) =>
      sql<number>`sum(case when (contact_way_add.deleted_by_member_at is null or contact_way_add.deleted_by_member_at >= contact_way_add.added_at + ${n * DAY_MS})
        and (contact_way_add.deleted_by_customer_at is null or contact_way_add.deleted_by_customer_at >= contact_way_add.added_at + ${n * DAY_MS}) then 1 else 0 end)`;
    const rows = await this.adds(scope)
      .select((eb) => [dayIndex('contact_way_add.added_at').as('d'), eb.fn.countAll<number>().as('n'), kept(1).as('k1'), kept(7).as('k7'), kept(30).as('k30')])
      .where('contact_way_add.added_at', '>=', from)
      .where('contact_way_add.added_at', '<', to)
      .groupBy(sql`1`)
      .execute();
    const byDay = new Map(rows.map((r) => [dayFromIndex(Number(r.d)), r]));
    return {
      list: days.map((date) => {
        const r = byDay.get(date);
        const dayEnd = dayOf(date) + DAY_MS;
        const at = (n: number, v: unknown) => (now >= dayEnd + n * DAY_MS ? Number(v ?? 0) : null);
        return { date, adds: Number(r?.n ?? 0), day1: at(1, r?.k1), day7: at(7, r?.k7), day30: at(30, r?.k30) };
      }),
    };
  }

  /** Per member over a range (all time without one). */
  async memberFigures(scope: StatsScope, range?: DayRange): Promise<MemberFiguresList> {
    const { from, to } = range ?? { from: 0, to: Number.MAX_SAFE_INTEGER };
    const figures = new Map<string, { adds: number; lostByMember: number; lostByCustomer: number }>();
    const get = (u: string) => figures.get(u) ?? figures.set(u, { adds: 0, lostByMember: 0, lostByCustomer: 0 }).get(u)!;
    for (const [column, field] of [
      ['contact_way_add.added_at', 'adds'],
      ['contact_way_add.deleted_by_member_at', 'lostByMember'],
      ['contact_way_add.deleted_by_customer_at', 'lostByCustomer'],
    ] as const) {
      const rows = await this.adds(scope)
        .select((eb) => ['contact_way_add.userid', eb.fn.countAll<number>().as('n')])
        .where(column, '>=', from)
        .where(column, '<', to)
        .groupBy('contact_way_add.userid')
        .execute();
      for (const r of rows) get(r.userid)[field] = Number(r.n);
    }
    const names = await this.names(scope.wsId, [...figures.keys()]);
    return {
      list: [...figures]
        .map(([userid, f]) => ({ userid, name: names.get(userid) ?? userid, ...f, net: f.adds - f.lostByMember - f.lostByCustomer }))
        .sort((a, b) => b.adds - a.adds || a.name.localeCompare(b.name, 'zh')),
    };
  }

  async memberDaySeries(scope: StatsScope, { from, to }: DayRange): Promise<MemberDaySeries> {
    const rows = await this.adds(scope)
      .select((eb) => [dayIndex('contact_way_add.added_at').as('d'), 'contact_way_add.userid', eb.fn.countAll<number>().as('n')])
      .where('contact_way_add.added_at', '>=', from)
      .where('contact_way_add.added_at', '<', to)
      .groupBy([sql`1`, 'contact_way_add.userid'])
      .execute();
    const names = await this.names(scope.wsId, rows.map((r) => r.userid));
    return {
      list: rows
        .map((r) => ({ date: dayFromIndex(Number(r.d)), userid: r.userid, name: names.get(r.userid) ?? r.userid, adds: Number(r.n) }))
        .sort((a, b) => a.date.localeCompare(b.date) || b.adds - a.adds),
    };
  }

  async overview(scope: StatsScope, now: number): Promise<Overview> {
    const today = dayStart(now);
    const yesterday = today - DAY_MS;
    const row = await this.adds(scope)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        sql<number>`sum(case when contact_way_add.added_at >= ${today} then 1 else 0 end)`.as('today'),
        sql<number>`sum(case when contact_way_add.added_at >= ${yesterday} and contact_way_add.added_at < ${today} then 1 else 0 end)`.as('yesterday'),
        sql<number>`sum(case when contact_way_add.deleted_by_member_at is not null or contact_way_add.deleted_by_customer_at is not null then 1 else 0 end)`.as('lost'),
        sql<number>`sum(case when contact_way_add.deleted_by_member_at >= ${today} or contact_way_add.deleted_by_customer_at >= ${today} then 1 else 0 end)`.as('lostToday'),
      ])
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    const lost = Number(row.lost ?? 0);
    return {
      addsToday: Number(row.today ?? 0),
      addsYesterday: Number(row.yesterday ?? 0),
      addsTotal: total,
      lostToday: Number(row.lostToday ?? 0),
      lostTotal: lost,
      netTotal: total - lost,
    };
  }

  /** The customers added through the scope, newest first. */
  async addList(scope: StatsScope, page: { offset: number; limit: number; userid?: string }): Promise<CodeAddList> {
    let q = this.adds(scope);
    if (page.userid) q = q.where('contact_way_add.userid', '=', page.userid);
    const [rows, count] = await Promise.all([
      q
        .leftJoin('customer', (j) =>
          j.onRef('customer.work_space_id', '=', 'contact_way_add.work_space_id').onRef('customer.external_userid', '=', 'contact_way_add.external_userid'),
        )
        .select([
          'contact_way_add.id',
          'contact_way_add.external_userid',
          'contact_way_add.userid',
          'contact_way_add.added_at',
          'contact_way_add.welcome_status',
          'contact_way_add.welcome_at',
          'contact_way_add.welcome_error',
          'contact_way_add.tag_ids',
          'contact_way_add.tag_status',
          'contact_way_add.deleted_by_member_at',
          'contact_way_add.deleted_by_customer_at',
          'customer.name as customer_name',
          'customer.avatar as customer_avatar',
        ])
        .orderBy('contact_way_add.id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const names = await this.names(scope.wsId, rows.map((r) => r.userid));
    const tagIds = rows.flatMap((r) => parseJsonColumn<string[]>(r.tag_ids, []));
    const tags = new Map<string, string>();
    if (tagIds.length) {
      for (const t of await this.db.selectFrom('corp_tag').select(['id', 'name']).where('work_space_id', '=', scope.wsId).where('id', 'in', [...new Set(tagIds)]).execute()) {
        tags.set(t.id, t.name);
      }
    }
    return {
      total: Number(count.n),
      list: rows.map((r) => ({
        id: r.id,
        externalUserid: r.external_userid,
        customerName: r.customer_name ?? '',
        avatar: r.customer_avatar ?? '',
        userid: r.userid,
        memberName: names.get(r.userid) ?? r.userid,
        addedAt: r.added_at,
        welcomeStatus: r.welcome_status,
        welcomeAt: r.welcome_status === 'sent' ? r.welcome_at : null,
        welcomeError: r.welcome_error,
        tagNames: parseJsonColumn<string[]>(r.tag_ids, []).map((id) => tags.get(id) ?? id),
        tagStatus: r.tag_status,
        deletedByMemberAt: r.deleted_by_member_at,
        deletedByCustomerAt: r.deleted_by_customer_at,
      })),
    };
  }

  private async names(wsId: number, userids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(userids)];
    if (!unique.length) return new Map();
    const rows = await this.db.selectFrom('member').select(['userid', 'name']).where('work_space_id', '=', wsId).where('userid', 'in', unique).execute();
    return new Map(rows.map((r) => [r.userid, r.name]));
  }
}
