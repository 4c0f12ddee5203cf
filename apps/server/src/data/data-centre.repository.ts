// SQL of the data centre: writes `customer_daily` (the roll-ups), `customer_daily_part` (what each
// customer contributes) and `customer_daily_rebuild` (a rebuild's lease), and claims the marks in
// `customer_daily_dirty` (written by the relation writers, sync/follow-tag.repository.ts). Reads
// follow_relation and follow_tag (the state every figure comes from), contact_way (state → code) and
// the names of members, codes and tags. A read model over other domains' tables.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { nextTurn } from '../db/next-turn.js';
import type { DailyDim, DB } from '../db/tables.js';
import { COUNTERS, type Cover, type DailyDelta, type RelationState, type SignedCover } from './daily-figures.js';
import { relKey } from '../db/relation-pairs.js';

type Executor = Kysely<DB> | Transaction<DB>;

export interface DailySums {
  key: string;
  adds: number;
  deleted_by_member: number;
  deleted_by_customer: number;
}

export interface DayRow extends DailySums {
  period: string;
  lost_1: number;
  lost_7: number;
  lost_30: number;
}

/** Customers from `first` to `last` by external_userid, both included. */
export interface CustomerSpan {
  first: string;
  last: string;
}

/** Which customers: a list (the catch-up's claim) or a span (the rebuild's chunk, read as a key range). */
export type Customers = { ids: string[] } | CustomerSpan;

// 11 columns: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
const ROWS_PER_INSERT = 2000;
const PARTS_PER_INSERT = 500;

export class DataCentreRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  // ---------------------------------------------------------------- writing

  /** Adds the deltas (already merged: one per row) to the roll-ups. */
  async increment(wsId: number, deltas: DailyDelta[], trx?: Transaction<DB>): Promise<void> {
    const run = async (t: Transaction<DB>) => {
      for (let i = 0; i < deltas.length; i += ROWS_PER_INSERT) {
        await t
          .insertInto('customer_daily')
          .values(deltas.slice(i, i + ROWS_PER_INSERT).map((d) => rowOf(wsId, d)))
          .onConflict((oc) =>
            oc.columns(['work_space_id', 'dim', 'grain', 'period', 'key']).doUpdateSet((eb) =>
              Object.fromEntries(COUNTERS.map((c) => [c, eb(eb.ref(`customer_daily.${c}`), '+', eb.ref(`excluded.${c}`))])),
            ),
          )
          .execute();
      }
    };
    if (trx) await run(trx);
    else await this.db.transaction().execute(run);
  }

  /**
   * The work space's roll-ups become `rows` (the rebuild's last step; its lease ends with it). They are
   * staged in customer_daily_next a batch at a time, with a turn of the event loop between (SQLite
   * answers synchronously), then swapped in by one transaction of three statements: at 200,000
   * customers the write in one transaction held SQLite for 2.9 s.
   */
  async replace(wsId: number, rows: Iterable<DailyDelta>): Promise<void> {
    await this.db.deleteFrom('customer_daily_next').where('work_space_id', '=', wsId).execute(); // a stopped rebuild's
    let batch: DailyDelta[] = [];
    const stage = async () => {
      if (batch.length) await this.db.insertInto('customer_daily_next').values(batch.map((d) => rowOf(wsId, d))).execute();
      batch = [];
      await nextTurn();
    };
    for (const r of rows) {
      batch.push(r);
      if (batch.length === ROWS_PER_INSERT) await stage();
    }
    await stage();
    const columns = ['work_space_id', 'dim', 'grain', 'period', 'key', ...COUNTERS] as const;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('customer_daily').where('work_space_id', '=', wsId).execute();
      await trx
        .insertInto('customer_daily')
        .columns(columns)
        .expression((eb) => eb.selectFrom('customer_daily_next').select(columns).where('work_space_id', '=', wsId))
        .execute();
      await trx.deleteFrom('customer_daily_next').where('work_space_id', '=', wsId).execute();
      await trx.deleteFrom('customer_daily_rebuild').where('work_space_id', '=', wsId).execute();
    });
  }

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---------------------------------------------------------------- marks, parts and the rebuild's lease

  /** Work spaces with marked customers. */
  async markedSpaces(): Promise<number[]> {
    const rows = await this.db.selectFrom('customer_daily_dirty').select('work_space_id').distinct().execute();
    return rows.map((r) => Number(r.work_space_id));
  }

  /** Up to `limit` marks of the work space, taken (deleted) in `trx`; PostgreSQL skips marks another catch-up holds. */
  async claimMarked(trx: Transaction<DB>, wsId: number, limit: number): Promise<string[]> {
    let q = trx.selectFrom('customer_daily_dirty').select('external_userid').where('work_space_id', '=', wsId).orderBy('external_userid').limit(limit);
    if (this.database.dialect === 'postgres') q = q.forUpdate().skipLocked();
    const ids = (await q.execute()).map((r) => r.external_userid);
    if (ids.length) await trx.deleteFrom('customer_daily_dirty').where('work_space_id', '=', wsId).where('external_userid', 'in', ids).execute();
    return ids;
  }

  /** The marks of a rebuild chunk's customers, taken: the chunk reads their state after this. */
  async clearMarked(trx: Transaction<DB>, wsId: number, span: CustomerSpan): Promise<void> {
    await deleteSpan(trx, 'customer_daily_dirty', wsId, span);
  }

  /** How many customers wait for the catch-up (counted up to `cap`). */
  async markedCount(wsId: number, cap: number): Promise<number> {
    const r = await sql<{ n: number | string }>`select count(*) as n from (select 1 as one from customer_daily_dirty where work_space_id = ${wsId} limit ${cap}) x`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  async parts(trx: Executor, wsId: number, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await trx.selectFrom('customer_daily_part').select(['external_userid', 'parts']).where('work_space_id', '=', wsId).where('external_userid', 'in', ids).execute();
    return new Map(rows.map((r) => [r.external_userid, r.parts]));
  }

  /** Customers' parts written ('' = counts nothing: the row goes). */
  async writeParts(trx: Transaction<DB>, wsId: number, parts: Map<string, string>, replaceSpan?: CustomerSpan): Promise<void> {
    const ids = [...parts.keys()];
    if (replaceSpan) await deleteSpan(trx, 'customer_daily_part', wsId, replaceSpan);
    else if (ids.length) await trx.deleteFrom('customer_daily_part').where('work_space_id', '=', wsId).where('external_userid', 'in', ids).execute();
    const rows = [...parts].filter(([, p]) => p !== '').map(([external_userid, p]) => ({ work_space_id: wsId, external_userid, parts: p }));
    for (let i = 0; i < rows.length; i += PARTS_PER_INSERT) await trx.insertInto('customer_daily_part').values(rows.slice(i, i + PARTS_PER_INSERT)).execute();
  }

  /** A rebuild starts or renews its lease; true while one holds it. */
  async lease(wsId: number, until: number): Promise<void> {
    await this.db
      .insertInto('customer_daily_rebuild')
      .values({ work_space_id: wsId, until })
      .onConflict((oc) => oc.column('work_space_id').doUpdateSet({ until }))
      .execute();
  }

  async rebuilding(wsId: number, now: number): Promise<boolean> {
    const r = await this.db.selectFrom('customer_daily_rebuild').select('until').where('work_space_id', '=', wsId).executeTakeFirst();
    return r !== undefined && Number(r.until) > now;
  }

  // ---------------------------------------------------------------- the state a customer is counted by

  /** state → contact way id (every code of the work space, deleted ones included, as the list matches them). */
  async codes(wsId: number): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('contact_way').select(['id', 'state']).where('work_space_id', '=', wsId).where('state', '<>', '').execute();
    return new Map(rows.map((r) => [r.state, Number(r.id)]));
  }

  /** The customers' relations with their tags, by customer. */
  async relations(trx: Executor, wsId: number, customers: Customers): Promise<Map<string, RelationState[]>> {
    const within = <Q extends { where: (...a: any[]) => Q }>(q: Q): Q =>
      'ids' in customers
        ? q.where('external_userid', 'in', customers.ids)
        : q.where('external_userid', '>=', customers.first).where('external_userid', '<=', customers.last);
    const [rels, tags] = await Promise.all([
      within(
        trx
          .selectFrom('follow_relation')
          .select(['external_userid', 'userid', 'createtime', 'state', 'deleted_at', 'deleted_by_customer_at'])
          .where('work_space_id', '=', wsId),
      ).execute(),
      'ids' in customers
        ? // SQLite picks the primary key (work_space_id, tag_id, …) for a long IN list — every tag row of
          // the work space (seconds at a million customers); the customer index is the one to read.
          sql<{ external_userid: string; userid: string; tag_id: string }>`select external_userid, userid, tag_id from follow_tag
            ${this.database.dialect === 'sqlite' ? sql`indexed by follow_tag_customer_idx` : sql``}
            where work_space_id = ${wsId} and external_userid in (${sql.join(customers.ids)})`
            .execute(trx)
            .then((r) => r.rows)
        : within(trx.selectFrom('follow_tag').select(['external_userid', 'userid', 'tag_id']).where('work_space_id', '=', wsId)).execute(),
    ]);
    const tagsOf = new Map<string, string[]>();
    for (const t of tags) {
      const k = relKey(t.external_userid, t.userid);
      (tagsOf.get(k) ?? tagsOf.set(k, []).get(k)!).push(t.tag_id);
    }
    const out = new Map<string, RelationState[]>();
    for (const r of rels) {
      const list = out.get(r.external_userid) ?? out.set(r.external_userid, []).get(r.external_userid)!;
      list.push({
        userid: r.userid,
        createtime: Number(r.createtime),
        state: r.state,
        deleted_at: r.deleted_at === null ? null : Number(r.deleted_at),
        deleted_by_customer_at: r.deleted_by_customer_at == null ? null : Number(r.deleted_by_customer_at),
        tags: tagsOf.get(relKey(r.external_userid, r.userid)) ?? [],
      });
    }
    return out;
  }

  /** The next customers (by external_userid) with relations, after `after` (the rebuild's chunks). */
  async customersAfter(wsId: number, after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('follow_relation')
      .select('external_userid')
      .distinct()
      .where('work_space_id', '=', wsId)
      .where('external_userid', '>', after)
      .orderBy('external_userid')
      .limit(limit)
      .execute();
    return rows.map((r) => r.external_userid);
  }

  /** Parts of customers after the last one with relations (none in practice: relations are never deleted). */
  async dropPartsAfter(wsId: number, after: string): Promise<void> {
    await this.db.deleteFrom('customer_daily_part').where('work_space_id', '=', wsId).where('external_userid', '>', after).execute();
  }

  // ---------------------------------------------------------------- reading the roll-ups

  /**
   * Sums per key over a range read as blocks added and blocks taken away (rangeCover: years, months, 旬,
   * days); `key` narrows to one, `limit` keeps the top by adds. One statement: a `union all` of the
   * parts, each one range of the primary key (an OR of the parts had the planner scan the dimension's
   * every row), summed and ranked by the database so only the top rows come back; a key whose counts
   * cancel out (active only in blocks taken away) is left out.
   */
  async sums(wsId: number, dim: DailyDim, cover: SignedCover, opts: { key?: string; limit?: number } = {}): Promise<DailySums[]> {
    const key = opts.key === undefined ? sql`` : sql` and key = ${opts.key}`;
    // A block taken away is read with its counts negated.
    const select = (minus: boolean) =>
      minus
        ? sql`select key, -adds as adds, -deleted_by_member as deleted_by_member, -deleted_by_customer as deleted_by_customer from customer_daily`
        : sql`select key, adds, deleted_by_member, deleted_by_customer from customer_daily`;
    const partsOf = (c: Cover, minus: boolean) => {
      const one = (grain: 'd' | 't' | 'm' | 'y', period: ReturnType<typeof sql>) =>
        sql`${select(minus)} where work_space_id = ${wsId} and dim = ${dim} and grain = ${grain} and ${period}${key}`;
      return [
        ...(c.years.length ? [one('y', sql`period in (${sql.join(c.years)})`)] : []),
        ...(c.months.length ? [one('m', sql`period in (${sql.join(c.months)})`)] : []),
        ...(c.tens.length ? [one('t', sql`period in (${sql.join(c.tens)})`)] : []),
        ...c.spans.map(([a, b]) => one('d', sql`period >= ${a} and period <= ${b}`)),
      ];
    };
    const parts = [...partsOf(cover.plus, false), ...partsOf(cover.minus, true)];
    if (!parts.length) return [];
    const limit = opts.limit ? sql` limit ${opts.limit}` : sql``;
    const r = await sql<DailySums>`select key, sum(adds) as adds, sum(deleted_by_member) as deleted_by_member, sum(deleted_by_customer) as deleted_by_customer
      from (${sql.join(parts, sql` union all `)}) x group by key
      having sum(adds) <> 0 or sum(deleted_by_member) <> 0 or sum(deleted_by_customer) <> 0 order by 2 desc, key${limit}`.execute(this.db);
    return r.rows.map((x) => ({ key: x.key, adds: Number(x.adds), deleted_by_member: Number(x.deleted_by_member), deleted_by_customer: Number(x.deleted_by_customer) }));
  }

  /**
   * Day rows of one key over [start, end], through `customer_daily_key_idx` (…, key, period): SQLite
   * otherwise reads the primary key's range of days for every key of the dimension (500 members × a
   * year: 66 ms instead of under 1 ms at a million customers).
   */
  async days(wsId: number, dim: DailyDim, key: string, start: string, end: string): Promise<DayRow[]> {
    const r = await sql<DayRow>`select period, key, adds, deleted_by_member, deleted_by_customer, lost_1, lost_7, lost_30 from customer_daily
      ${this.database.dialect === 'sqlite' ? sql`indexed by customer_daily_key_idx` : sql``}
      where work_space_id = ${wsId} and dim = ${dim} and grain = 'd' and key = ${key} and period >= ${start} and period <= ${end}`.execute(this.db);
    return r.rows.map((row) => ({ ...row, ...Object.fromEntries(COUNTERS.map((c) => [c, Number(row[c])])) }) as DayRow);
  }

  async memberNames(wsId: number, userids: string[]): Promise<Map<string, string>> {
    if (!userids.length) return new Map();
    const rows = await this.db.selectFrom('member').select(['userid', 'name']).where('work_space_id', '=', wsId).where('userid', 'in', userids).execute();
    return new Map(rows.map((r) => [r.userid, r.name]));
  }

  async codeNames(wsId: number, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('contact_way').select(['id', 'name']).where('work_space_id', '=', wsId).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  async tagNames(wsId: number, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('corp_tag').select(['id', 'name']).where('work_space_id', '=', wsId).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}

/** A span of customers' rows of a per-customer table of the data centre. */
async function deleteSpan(trx: Transaction<DB>, table: 'customer_daily_dirty' | 'customer_daily_part', wsId: number, span: CustomerSpan): Promise<void> {
  await trx.deleteFrom(table).where('work_space_id', '=', wsId).where('external_userid', '>=', span.first).where('external_userid', '<=', span.last).execute();
}

function rowOf(wsId: number, d: DailyDelta) {
  return {
    work_space_id: wsId,
    dim: d.dim,
    grain: d.grain,
    period: d.period,
    key: d.key,
    adds: d.counts.adds ?? 0,
    deleted_by_member: d.counts.deleted_by_member ?? 0,
    deleted_by_customer: d.counts.deleted_by_customer ?? 0,
    lost_1: d.counts.lost_1 ?? 0,
    lost_7: d.counts.lost_7 ?? 0,
    lost_30: d.counts.lost_30 ?? 0,
  };
}
