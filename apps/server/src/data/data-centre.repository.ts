// SQL of the data centre: writes only `customer_daily` (the roll-ups); reads customer_event (the
// source of every figure), contact_way (state → code, auto-tags), follow_tag (a relation's tags) and
// the names of members, codes and tags. A read model over other domains' tables, read-only.
import type { Transaction } from 'kysely';
import { parseKeys, type Database } from '../db/database.js';
import type { DailyDim, DB } from '../db/tables.js';
import { COUNTERS, type DailyDelta } from './daily-figures.js';

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

/** The spans a range is read as (daily-figures.ts coverOf). */
export interface Cover {
  months: string[];
  spans: Array<[string, string]>;
}

export interface CodeFacts {
  id: number;
  tagIds: string[];
}

/** Customers from `first` to `last` by external_userid, both included. */
export interface CustomerSpan {
  first: string;
  last: string;
}

export interface RelationEvent {
  id: number;
  external_userid: string;
  userid: string;
  kind: 'add' | 'delete_by_member' | 'delete_by_customer';
  at: number;
  detail: string;
}

const LOSS_KINDS = ['delete_by_member', 'delete_by_customer'] as const;
const FIGURE_KINDS = ['add', ...LOSS_KINDS] as const;
// 11 columns: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
const ROWS_PER_INSERT = 2000;

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

  /** The work space's roll-ups replaced by `deltas`, then `after` (in the same transaction). */
  async replace(wsId: number, deltas: DailyDelta[], after: (trx: Transaction<DB>) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('customer_daily').where('work_space_id', '=', wsId).execute();
      await this.increment(wsId, deltas, trx);
      await after(trx);
    });
  }

  // ---------------------------------------------------------------- what an event is counted under

  async codeByState(wsId: number, state: string): Promise<CodeFacts | undefined> {
    if (!state) return undefined;
    const row = await this.db.selectFrom('contact_way').select(['id', 'tag_ids']).where('work_space_id', '=', wsId).where('state', '=', state).executeTakeFirst();
    return row && { id: Number(row.id), tagIds: parseKeys(row.tag_ids) };
  }

  async codes(wsId: number): Promise<Map<string, CodeFacts>> {
    const rows = await this.db.selectFrom('contact_way').select(['id', 'state', 'tag_ids']).where('work_space_id', '=', wsId).execute();
    return new Map(rows.map((r) => [r.state, { id: Number(r.id), tagIds: parseKeys(r.tag_ids) }]));
  }

  async relationTags(wsId: number, externalUserid: string, userid: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('follow_tag')
      .select('tag_id')
      .where('work_space_id', '=', wsId)
      .where('external_userid', '=', externalUserid)
      .where('userid', '=', userid)
      .execute();
    return rows.map((r) => r.tag_id);
  }

  /** The relation's add and deletion events up to and including `upTo` (time, then id), oldest first. */
  async relationEvents(wsId: number, externalUserid: string, userid: string, upTo: { at: number; id: number }): Promise<RelationEvent[]> {
    const rows = await this.db
      .selectFrom('customer_event')
      .select(['id', 'external_userid', 'userid', 'kind', 'at', 'detail'])
      .where('work_space_id', '=', wsId)
      .where('external_userid', '=', externalUserid)
      .where('at', '<=', upTo.at)
      .where('userid', '=', userid)
      .where('kind', 'in', FIGURE_KINDS)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return (rows as RelationEvent[]).filter((r) => r.at < upTo.at || Number(r.id) <= upTo.id);
  }

  // ---------------------------------------------------------------- the rebuild's reads

  async lastEventId(wsId: number): Promise<number> {
    const r = await this.db.selectFrom('customer_event').select((eb) => eb.fn.max('id').as('id')).where('work_space_id', '=', wsId).executeTakeFirst();
    return Number(r?.id ?? 0);
  }

  /** The next customers (by external_userid) with events, after `after`. */
  async customersAfter(wsId: number, after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('customer_event')
      .select('external_userid')
      .distinct()
      .where('work_space_id', '=', wsId)
      .where('external_userid', '>', after)
      .orderBy('external_userid')
      .limit(limit)
      .execute();
    return rows.map((r) => r.external_userid);
  }

  /**
   * Add and deletion events of the customers [first, last] (by external_userid: a range, which both
   * databases read from the customer index, where a long IN list may not be), id ≤ maxId (> minId
   * when given), each customer's by time.
   */
  async eventsOf(wsId: number, customers: CustomerSpan | null, range: { minId?: number; maxId?: number }, trx?: Transaction<DB>): Promise<RelationEvent[]> {
    let q = (trx ?? this.db)
      .selectFrom('customer_event')
      .select(['id', 'external_userid', 'userid', 'kind', 'at', 'detail'])
      .where('work_space_id', '=', wsId)
      .where('kind', 'in', FIGURE_KINDS);
    if (customers) q = q.where('external_userid', '>=', customers.first).where('external_userid', '<=', customers.last);
    if (range.maxId !== undefined) q = q.where('id', '<=', range.maxId);
    if (range.minId !== undefined) q = q.where('id', '>', range.minId);
    const rows = await q.orderBy('external_userid').orderBy('at').orderBy('id').execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), at: Number(r.at) })) as RelationEvent[];
  }

  /** Tags of every relation of the customers [first, last], by `external|userid`. */
  async tagsOf(wsId: number, customers: CustomerSpan): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    const rows = await this.db
      .selectFrom('follow_tag')
      .select(['external_userid', 'userid', 'tag_id'])
      .where('work_space_id', '=', wsId)
      .where('external_userid', '>=', customers.first)
      .where('external_userid', '<=', customers.last)
      .execute();
    for (const r of rows) {
      const k = `${r.external_userid}|${r.userid}`;
      (out.get(k) ?? out.set(k, []).get(k)!).push(r.tag_id);
    }
    return out;
  }

  // ---------------------------------------------------------------- reading the roll-ups

  /**
   * Sums per key over a range read as whole months and edge days; `key` narrows to one, `limit` keeps
   * the top by adds. One query per part (month rows, each span of days), each a range of the primary
   * key, summed here: an OR of the parts would have the planner scan the dimension's every row.
   */
  async sums(wsId: number, dim: DailyDim, cover: Cover, opts: { key?: string; limit?: number } = {}): Promise<DailySums[]> {
    const part = (grain: 'd' | 'm') => {
      let q = this.db
        .selectFrom('customer_daily')
        .select((eb) => [
          'key',
          eb.fn.sum<number>('adds').as('adds'),
          eb.fn.sum<number>('deleted_by_member').as('deleted_by_member'),
          eb.fn.sum<number>('deleted_by_customer').as('deleted_by_customer'),
        ])
        .where('work_space_id', '=', wsId)
        .where('dim', '=', dim)
        .where('grain', '=', grain);
      if (opts.key !== undefined) q = q.where('key', '=', opts.key);
      return q;
    };
    const parts = await Promise.all([
      ...(cover.months.length ? [part('m').where('period', 'in', cover.months).groupBy('key').execute()] : []),
      ...cover.spans.map(([a, b]) => part('d').where('period', '>=', a).where('period', '<=', b).groupBy('key').execute()),
    ]);
    const byKey = new Map<string, DailySums>();
    for (const rows of parts)
      for (const r of rows) {
        const sum = byKey.get(r.key) ?? byKey.set(r.key, { key: r.key, adds: 0, deleted_by_member: 0, deleted_by_customer: 0 }).get(r.key)!;
        sum.adds += Number(r.adds ?? 0);
        sum.deleted_by_member += Number(r.deleted_by_member ?? 0);
        sum.deleted_by_customer += Number(r.deleted_by_customer ?? 0);
      }
    const list = [...byKey.values()].sort((a, b) => b.adds - a.adds || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return opts.limit ? list.slice(0, opts.limit) : list;
  }

  /** Day rows of one key over [start, end]. */
  async days(wsId: number, dim: DailyDim, key: string, start: string, end: string): Promise<DayRow[]> {
    const rows = await this.db
      .selectFrom('customer_daily')
      .select(['period', 'key', 'adds', 'deleted_by_member', 'deleted_by_customer', 'lost_1', 'lost_7', 'lost_30'])
      .where('work_space_id', '=', wsId)
      .where('dim', '=', dim)
      .where('grain', '=', 'd')
      .where('period', '>=', start)
      .where('period', '<=', end)
      .where('key', '=', key)
      .execute();
    return rows.map((r) => ({ ...r, ...Object.fromEntries(COUNTERS.map((c) => [c, Number(r[c])])) }) as DayRow);
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
