// SQL of 客户列表: customers found through their follow relations. Every filter is a condition on one
// relation; a customer is listed once, at the latest relation that matches (NOT EXISTS a later one),
// so a page walks the (work_space_id, createtime) index from one end and stops after 20 customers.
// Counts stop at a cap; the export and the batch tag job walk the matching relations by keyset.
// The shapes and their plans on both databases are in docs/customers.md.
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';

export interface RelationFilter {
  userids?: string[];
  tagIds?: string[];
  tagMode?: 'any' | 'all' | 'none';
  contactWayIds?: number[];
  addedFrom?: number;
  addedTo?: number;
  gender?: number;
  addWay?: number;
  status?: 'live' | 'deleted_by_member' | 'deleted_by_customer';
  keyword?: string;
  /** Only these customers (a batch on a selection). */
  externalUserids?: string[];
  /** Only relations the member still has (a batch: WeCom refuses tags on a deleted one). */
  liveOnly?: boolean;
}

/** A relation's place in the list's order (createtime, external_userid, userid). */
export interface RelationKey {
  createtime: number;
  external_userid: string;
  userid: string;
}

export type Order = 'desc' | 'asc';

/** How a list query reads the table (CustomerListRepository.plan). */
export type Plan = { kind: 'time' } | { kind: 'members'; userids: string[] } | { kind: 'tags'; tagIds: string[] } | { kind: 'codes'; contactWayIds: number[] } | { kind: 'keyword'; keyword: string };

/** A tag (or tags) held by at most this many relations starts the query (sorting them is cheap). */
const TAG_DRIVER_MAX = 20_000;

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The conditions on relation alias `a` (a bare identifier: 'f' or 'g'). */
function conditions(a: 'f' | 'g', wsId: number, f: RelationFilter): RawBuilder<unknown> {
  const col = (c: string) => sql.ref(`${a}.${c}`);
  const parts: RawBuilder<unknown>[] = [sql`${col('work_space_id')} = ${wsId}`];
  if (f.userids?.length) parts.push(sql`${col('userid')} in (${sql.join(f.userids)})`);
  if (f.externalUserids?.length) parts.push(sql`${col('external_userid')} in (${sql.join(f.externalUserids)})`);
  if (f.addedFrom !== undefined) parts.push(sql`${col('createtime')} >= ${f.addedFrom}`);
  if (f.addedTo !== undefined) parts.push(sql`${col('createtime')} <= ${f.addedTo}`);
  if (f.addWay !== undefined) parts.push(sql`${col('add_way')} = ${f.addWay}`);
  if (f.status === 'live' || f.liveOnly) parts.push(sql`${col('deleted_at')} is null`);
  if (f.status === 'live') parts.push(sql`${col('deleted_by_customer_at')} is null`);
  if (f.status === 'deleted_by_member') parts.push(sql`${col('deleted_at')} is not null`);
  if (f.status === 'deleted_by_customer') parts.push(sql`${col('deleted_by_customer_at')} is not null`);
  if (f.contactWayIds?.length)
    parts.push(
      sql`${col('state')} in (select cw.state from contact_way cw where cw.work_space_id = ${wsId} and cw.id in (${sql.join(f.contactWayIds)}) and cw.state <> '')`,
    );
  const tagged = (ids: string[]) =>
    sql`exists (select 1 from follow_tag t where t.work_space_id = ${wsId} and t.tag_id in (${sql.join(ids)}) and t.external_userid = ${col('external_userid')} and t.userid = ${col('userid')})`;
  if (f.tagIds?.length) {
    const mode = f.tagMode ?? 'any';
    if (mode === 'any') parts.push(tagged(f.tagIds));
    else if (mode === 'none') parts.push(sql`not ${tagged(f.tagIds)}`);
    else for (const id of new Set(f.tagIds)) parts.push(tagged([id]));
  }
  const customer = (cond: RawBuilder<unknown>) =>
    sql`exists (select 1 from customer c where c.work_space_id = ${wsId} and c.external_userid = ${col('external_userid')} and ${cond})`;
  if (f.gender !== undefined) parts.push(customer(sql`c.gender = ${f.gender}`));
  const keyword = f.keyword?.trim();
  if (keyword) {
    const like = escapeLike(keyword);
    parts.push(sql`(${col('remark')} like ${like} escape '\\' or ${customer(sql`c.name like ${like} escape '\\'`)})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * No later relation of the same customer matches: `f` is the customer's row in the list. The probe goes
 * through the primary key (work_space_id, external_userid, …): the unary + keeps SQLite from walking
 * the time index instead (a customer has a handful of relations; a time range has millions).
 */
function latestOfCustomer(wsId: number, filter: RelationFilter): RawBuilder<unknown> {
  return sql`not exists (select 1 from follow_relation g where g.work_space_id = f.work_space_id and g.external_userid = f.external_userid
    and (+g.createtime > f.createtime or (+g.createtime = f.createtime and g.userid > f.userid)) and ${conditions('g', wsId, filter)})`;
}

const orderBy = (order: Order) =>
  order === 'asc' ? sql`order by f.createtime asc, f.external_userid asc, f.userid asc` : sql`order by f.createtime desc, f.external_userid desc, f.userid desc`;

/** Strictly after `k` in the order. */
function after(k: RelationKey | undefined, order: Order): RawBuilder<unknown> {
  if (!k) return sql`1 = 1`;
  const op = order === 'asc' ? sql`>` : sql`<`;
  return sql`(f.createtime ${op} ${k.createtime} or (f.createtime = ${k.createtime} and (f.external_userid ${op} ${k.external_userid} or (f.external_userid = ${k.external_userid} and f.userid ${op} ${k.userid}))))`;
}

const toKey = (r: { createtime: number | string; external_userid: string; userid: string }): RelationKey => ({
  createtime: Number(r.createtime),
  external_userid: r.external_userid,
  userid: r.userid,
});

export class CustomerListRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  /**
   * Where a query starts. Tags given (any / all) and held by at most TAG_DRIVER_MAX relations: from those
   * relations (follow_tag's primary key), sorted afterwards — walking the time index for a rare tag
   * would read most of the table. Codes likewise, through (work_space_id, state); a word, from one pass
   * over names and remarks. Several members: one branch per member, each walking its
   * (work_space_id, userid, createtime) index in order. Otherwise: the (work_space_id, createtime) index.
   */
  async plan(wsId: number, filter: RelationFilter): Promise<Plan> {
    const tags = [...new Set(filter.tagIds ?? [])];
    if (tags.length && (filter.tagMode ?? 'any') !== 'none') {
      const held = async (ids: string[]) => {
        const r = await sql<{ n: number | string }>`select count(*) as n from (select 1 as one from follow_tag t
          where t.work_space_id = ${wsId} and t.tag_id in (${sql.join(ids)}) limit ${TAG_DRIVER_MAX + 1}) x`.execute(this.db);
        return Number(r.rows[0]?.n ?? 0);
      };
      let driver: { ids: string[]; n: number };
      if ((filter.tagMode ?? 'any') === 'any') driver = { ids: tags, n: await held(tags) };
      else {
        // All of them: the rarest one drives, the others are checked per relation.
        const counts = await Promise.all(tags.map(async (id) => ({ ids: [id], n: await held([id]) })));
        driver = counts.reduce((a, b) => (b.n < a.n ? b : a));
      }
      if (driver.n <= TAG_DRIVER_MAX) return { kind: 'tags', tagIds: driver.ids };
    }
    const codes = [...new Set(filter.contactWayIds ?? [])];
    if (codes.length) {
      const r = await sql<{ n: number | string }>`select count(*) as n from (select 1 as one from contact_way cw cross join follow_relation f
        where cw.work_space_id = ${wsId} and cw.id in (${sql.join(codes)}) and cw.state <> '' and f.work_space_id = ${wsId} and f.state = cw.state
        limit ${TAG_DRIVER_MAX + 1}) x`.execute(this.db);
      if (Number(r.rows[0]?.n ?? 0) <= TAG_DRIVER_MAX) return { kind: 'codes', contactWayIds: codes };
    }
    // A word is found by one pass over names and remarks (a LIKE '%…%' has no index), then sorted:
    // walking the time index for a rare word reads the whole table, probing each row.
    const keyword = filter.keyword?.trim();
    if (keyword) return { kind: 'keyword', keyword };
    const members = [...new Set(filter.userids ?? [])];
    return members.length >= 2 ? { kind: 'members', userids: members } : { kind: 'time' };
  }

  private select(wsId: number, filter: RelationFilter, plan: Plan, userid?: string) {
    // A member's branch names its member alone (with the whole list too, PostgreSQL chose the plain userid index and sorted).
    const own = userid === undefined ? conditions('f', wsId, filter) : sql`${conditions('f', wsId, { ...filter, userids: undefined })} and f.userid = ${userid}`;
    const where = sql`${own} and ${latestOfCustomer(wsId, filter)}`;
    if (plan.kind === 'tags')
      // CROSS JOIN keeps SQLite's join order (the tagged relations first); PostgreSQL plans it as a join.
      return sql`select f.external_userid, f.userid, f.createtime from (select distinct t.external_userid, t.userid from follow_tag t
        where t.work_space_id = ${wsId} and t.tag_id in (${sql.join(plan.tagIds)})) d cross join follow_relation f
        where f.work_space_id = ${wsId} and f.external_userid = d.external_userid and f.userid = d.userid and ${where}`;
    if (plan.kind === 'keyword') {
      const like = escapeLike(plan.keyword);
      return sql`select f.external_userid, f.userid, f.createtime from (
          select r.external_userid, r.userid from follow_relation r where r.work_space_id = ${wsId} and r.remark like ${like} escape '\\'
          union
          select r.external_userid, r.userid from customer c cross join follow_relation r
          where c.work_space_id = ${wsId} and c.name like ${like} escape '\\' and r.work_space_id = ${wsId} and r.external_userid = c.external_userid
        ) d cross join follow_relation f
        where f.work_space_id = ${wsId} and f.external_userid = d.external_userid and f.userid = d.userid and ${where}`;
    }
    if (plan.kind === 'codes')
      return sql`select f.external_userid, f.userid, f.createtime from contact_way cw cross join follow_relation f
        where cw.work_space_id = ${wsId} and cw.id in (${sql.join(plan.contactWayIds)}) and cw.state <> ''
        and f.work_space_id = ${wsId} and f.state = cw.state and ${where}`;
    return sql`select f.external_userid, f.userid, f.createtime from follow_relation f where ${where}`;
  }

  /** One page of customers: each one's latest matching relation (a customer's is in exactly one member branch). */
  pageQuery(wsId: number, filter: RelationFilter, plan: Plan, order: Order, offset: number, limit: number) {
    if (plan.kind !== 'members') return sql<RelationKey>`${this.select(wsId, filter, plan)} ${orderBy(order)} limit ${limit} offset ${offset}`;
    const parts = plan.userids.map((u, i) => sql`select * from (${this.select(wsId, filter, plan, u)} ${orderBy(order)} limit ${offset + limit}) ${sql.ref(`b${i}`)}`);
    const outer = order === 'asc' ? sql`order by createtime asc, external_userid asc, userid asc` : sql`order by createtime desc, external_userid desc, userid desc`;
    return sql<RelationKey>`select * from (${sql.join(parts, sql` union all `)}) m ${outer} limit ${limit} offset ${offset}`;
  }

  async page(wsId: number, filter: RelationFilter, order: Order, offset: number, limit: number, plan?: Plan): Promise<RelationKey[]> {
    const r = await this.pageQuery(wsId, filter, plan ?? (await this.plan(wsId, filter)), order, offset, limit).execute(this.db);
    return r.rows.map(toKey);
  }

  /**
   * Counting no further than `cap` + 1, in the page's order: the newest relations are mostly their
   * customer's latest, so the walk stops soon (in table order a sync's old relations, each superseded
   * by a later one, would come first).
   */
  countQuery(wsId: number, filter: RelationFilter, plan: Plan, cap: number, userid?: string) {
    return sql<{ n: number | string }>`select count(*) as n from (${this.select(wsId, filter, plan, userid)} ${orderBy('desc')} limit ${cap + 1}) x`;
  }

  /** How many customers match, counting no further than `cap` + 1. */
  async count(wsId: number, filter: RelationFilter, cap: number, plan?: Plan): Promise<number> {
    const p = plan ?? (await this.plan(wsId, filter));
    let n = 0;
    for (const userid of p.kind === 'members' ? p.userids : [undefined]) {
      const r = await this.countQuery(wsId, filter, p, cap, userid).execute(this.db);
      n += Number(r.rows[0]?.n ?? 0);
      if (n > cap) return cap + 1;
    }
    return n;
  }

  /** How many relations match (a batch's total). */
  async countRelations(wsId: number, filter: RelationFilter): Promise<number> {
    const r = await sql<{ n: number | string }>`select count(*) as n from follow_relation f where ${conditions('f', wsId, filter)}`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** The next `limit` matching relations after `from`, newest first (export and batch jobs). */
  async relations(wsId: number, filter: RelationFilter, from: RelationKey | undefined, limit: number): Promise<RelationKey[]> {
    const r = await sql<RelationKey>`select f.external_userid, f.userid, f.createtime from follow_relation f
      where ${conditions('f', wsId, filter)} and ${after(from, 'desc')}
      ${orderBy('desc')} limit ${limit}`.execute(this.db);
    return r.rows.map(toKey);
  }

  customers(wsId: number, ids: string[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('customer')
      .select(['external_userid', 'name', 'avatar', 'type', 'gender', 'corp_name'])
      .where('work_space_id', '=', wsId)
      .where('external_userid', 'in', ids)
      .execute();
  }

  /** The codes by their state (the export's 来源活码). */
  codesByState(wsId: number, states: string[]) {
    const wanted = [...new Set(states.filter(Boolean))];
    if (!wanted.length) return Promise.resolve([]);
    return this.db
      .selectFrom('contact_way')
      .select(['id', 'name', 'state', 'kind'])
      .where('work_space_id', '=', wsId)
      .where('state', 'in', wanted)
      .execute();
  }
}
