// SQL of 客户列表: customers found through their follow relations. Every filter is a condition on one
// relation; a customer is listed once, at the latest relation that matches (NOT EXISTS a later one),
// so a page walks the (work_space_id, createtime) index from one end and stops after 20 customers,
// or a selective filter's relations are read once, with each customer's latest, for the page and the
// total together. Quick counts stop at a cap; the exact count (a background job) counts distinct customers; the
// export and the batch tag job walk the matching relations by keyset. The shapes and their plans on
// both databases are in docs/customers.md.
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import { customerRanges, type CustomerRange } from '../db/customer-ranges.js';

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
  /** Set by the plan, never by a caller: no customer's name holds the word, so remarks alone are tested. */
  keywordIn?: 'remark';
}

/** A relation's place in the list's order (createtime, external_userid, userid). */
export interface RelationKey {
  createtime: number;
  external_userid: string;
  userid: string;
}

export type Order = 'desc' | 'asc';

/** Where a list query's candidate relations come from when a filter drives it (few relations match). */
export type Driver = { kind: 'tags'; tagIds: string[] } | { kind: 'codes'; contactWayIds: number[] } | { kind: 'keyword'; keyword: string };

/** How a list query reads the table (CustomerListRepository.plan). */
export type Plan =
  /** `remarksOnly`: the word is held by no customer's name (the walk tests remarks alone, no customer read). */
  | { kind: 'time'; remarksOnly?: boolean }
  /** One branch per member (userid) or per code (its state), each walking its own index in order. */
  | { kind: 'branches'; column: 'userid' | 'state'; values: string[]; remarksOnly?: boolean }
  /**
   * A driver held by at most DRIVER_MAX relations, read once by the plan: the matching customers
   * (each at their latest matching relation) counted (`total`) and the page `window` of them (`rows`).
   */
  | { kind: 'rows'; driver: Driver; total: number; rows: RelationKey[]; window: Window; remarksOnly?: boolean };

/** A page of the list: its order and place. */
export interface Window {
  order: Order;
  offset: number;
  limit: number;
}

/** The list's first page (what a plan made without a window reads). */
const FIRST_PAGE: Window = { order: 'desc', offset: 0, limit: 20 };
/** Whether window `w` lies within `outer` (a plan read for a block of pages answers each of them). */
const within = (outer: Window, w: Window) => outer.order === w.order && w.offset >= outer.offset && w.offset + w.limit <= outer.offset + outer.limit;

/** A plan whose page and count are queries (not read by the plan already). */
export type WalkPlan = Exclude<Plan, { kind: 'rows' }>;

/**
 * A word met by at least COMMON_WORD.matches of the work space's COMMON_WORD.newest newest relations
 * (3 %) is walked along the time index rather than read from the search index: the walk finds 201
 * customers within about 5,000 relations (20–40 ms measured), while reading its relations grows with
 * the work space (16,000 relations of 「伟」 at 160,000 customers: 57–80 ms, against 24–38 ms walked).
 */
const COMMON_WORD = { newest: 500, matches: 15 };

/** Relations per range of the background count on SQLite (the server answers between ranges). */
const COUNT_RANGE = 40_000;

/** A filter held by at most this many relations starts the query (reading them all is cheap). */
export const DRIVER_MAX = 20_000;

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A word of one or two letters or digits: answered by the index of characters and pairs (migration 0020). */
export const shortWord = (word: string): boolean => /^[\p{L}\p{N}]{1,2}$/u.test(word);

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
  // The customer's gender as copied onto the relation (0033): before, a lookup of the customer by its key
  // per relation walked (a random read among a million customers each: gender's page at a million on
  // PostgreSQL 19 ms with a cold cache, its count up to 200 up to 150 ms).
  if (f.gender !== undefined) parts.push(sql`${col('gender')} = ${f.gender}`);
  const keyword = f.keyword?.trim();
  if (keyword) {
    // The name as a scalar subquery (at most one customer by its key; none: null, no match), not an
    // EXISTS: inside the OR, PostgreSQL made an EXISTS a hashed subplan reading every customer's name
    // (25 ms at 160,000 customers for 500 relations walked) where a lookup per relation walked is what is wanted.
    const like = escapeLike(keyword);
    const remark = sql`${col('remark')} like ${like} escape '\\'`;
    parts.push(
      f.keywordIn === 'remark'
        ? remark
        : sql`(${remark} or (select c.name from customer c where c.work_space_id = ${wsId} and c.external_userid = ${col('external_userid')}) like ${like} escape '\\')`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** A filter of add time alone (or nothing): what follow_tag's rows answer without their relation. */
function timeOnly(f: RelationFilter): boolean {
  const { addedFrom: _from, addedTo: _to, tagMode: _mode, keywordIn: _in, ...others } = f;
  return Object.values(others).every((v) => v === undefined || v === false || (Array.isArray(v) && !v.length) || (typeof v === 'string' && !v.trim()));
}

/** A filter of a word and nothing else. */
function wordAlone(f: RelationFilter): boolean {
  const { keyword, keywordIn: _in, ...others } = f;
  return !!keyword?.trim() && Object.values(others).every((v) => v === undefined || v === false || (Array.isArray(v) && !v.length));
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

const orderBy = (order: Order, a: 'f' | 'u' | 'x' = 'f') => {
  const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
  return sql`order by ${sql.ref(`${a}.createtime`)} ${dir}, ${sql.ref(`${a}.external_userid`)} ${dir}, ${sql.ref(`${a}.userid`)} ${dir}`;
};

/** Strictly after `k` in the order. */
function after(k: RelationKey | undefined, order: Order): RawBuilder<unknown> {
  if (!k) return sql`1 = 1`;
  const op = order === 'asc' ? sql`>` : sql`<`;
  // The plain bound first: an index range on both engines (the `or` alone made PostgreSQL read from the top each page).
  const bound = order === 'asc' ? sql`>=` : sql`<=`;
  return sql`f.createtime ${bound} ${k.createtime} and (f.createtime ${op} ${k.createtime} or (f.createtime = ${k.createtime} and (f.external_userid ${op} ${k.external_userid} or (f.external_userid = ${k.external_userid} and f.userid ${op} ${k.userid}))))`;
}

const toKey = (r: { createtime: number | string; external_userid: string; userid: string }): RelationKey => ({
  createtime: Number(r.createtime),
  external_userid: r.external_userid,
  userid: r.userid,
});

export class CustomerListRepository {
  /** `driverMax`, `commonWord`: DRIVER_MAX and COMMON_WORD but for tests, which check every shape against another on a small work space. */
  constructor(
    private readonly database: Database,
    private readonly opts: { driverMax?: number; commonWord?: { newest: number; matches: number } } = {},
  ) {}

  private get driverMax() {
    return this.opts.driverMax ?? DRIVER_MAX;
  }

  private get db() {
    return this.database.kysely;
  }

  /**
   * A query of the page, of its count or the background count. PostgreSQL: without parallel workers —
   * for a page or a capped count starting them cost more than the few thousand rows these queries read
   * (measured: 40–150 ms against 20–45 ms on the shared machine); the background count, slower alone
   * without them, leaves the other cores to the pages asked meanwhile (with its workers on every core,
   * the next filter's first answer waited for it).
   */
  private async quick<T>(q: RawBuilder<T>, opts: { searchIndexOnly?: boolean } = {}): Promise<T[]> {
    if (this.database.dialect !== 'postgres') return (await q.execute(this.db)).rows;
    // Only a bitmap of the search index may answer (`searchIndexOnly`): for LIKE … LIMIT 1 PostgreSQL
    // otherwise expects a match early and scans the table or the name index — 86 ms (830 ms) at a
    // million names when none matches, against 2–16 ms through the trigram or characters' index.
    const settings = [['max_parallel_workers_per_gather', '0'], ...(opts.searchIndexOnly ? ['seqscan', 'indexscan', 'indexonlyscan'].map((s) => [`enable_${s}`, 'off']) : [])];
    return this.db.transaction().execute(async (trx) => {
      // One statement for all of them (the transaction's own, `is_local`): a round trip each cost more.
      await sql`select ${sql.join(settings.map(([name, value]) => sql`set_config(${name}, ${value}, true)`))}`.execute(trx);
      return (await q.execute(trx)).rows;
    });
  }

  /**
   * Where a query starts. Tags (any / all) or a word held by at most DRIVER_MAX relations (a word not
   * common among the newest relations: `common`): those
   * relations (through follow_tag's key or the search index) are read once, by the plan itself, with
   * the rest of the filter and each customer's latest matching relation (`driven`): the page is a
   * slice of them and the total their count — walking the time index for a rare filter would read
   * most of the table; a common one finds 20 customers soon on the walk. Codes: one branch per code,
   * each walking its (work_space_id, state, createtime) index in order; several members likewise
   * through (work_space_id, userid, createtime). Otherwise: the (work_space_id, createtime) index.
   */
  async plan(wsId: number, given: RelationFilter, window: Window = FIRST_PAGE): Promise<Plan> {
    // A word no customer's name holds (one lookup in the names' index) is tested on remarks alone: the
    // probe and the walks then read no customer for it.
    const word = given.keyword?.trim();
    const remarksOnly = word ? !(await this.namesHold(wsId, word)) : false;
    const filter: RelationFilter = remarksOnly ? { ...given, keywordIn: 'remark' } : given;
    // Asked after the names: a word no name holds is tested on remarks alone among the newest relations
    // too (the names' test looked up the customer of each of the 500: 4.4 against 2.0 ms on PostgreSQL,
    // 5.6 against 1.1 on SQLite, for 「杭州-复购」 at a million).
    const wordCommon = word ? await this.common(wsId, filter) : false;
    for (let driver of this.drivers(filter)) {
      if (driver.kind === 'codes') continue;
      if (driver.kind === 'tags' && (filter.tagMode ?? 'any') === 'all') {
        // All of them: the rarest one drives, the others are checked per relation.
        const counts = await Promise.all(driver.tagIds.map(async (id) => ({ id, n: await this.held(wsId, { kind: 'tags', tagIds: [id] }) })));
        const rarest = counts.reduce((a, b) => (b.n < a.n ? b : a));
        if (rarest.n > this.driverMax) continue;
        driver = { kind: 'tags', tagIds: [rarest.id] };
      }
      if (driver.kind === 'keyword' && wordCommon) continue;
      const read = await this.driven(wsId, filter, driver, window);
      if (read) return { kind: 'rows', driver, ...read, window, remarksOnly };
    }
    const codes = [...new Set(filter.contactWayIds ?? [])];
    if (codes.length) {
      const states = await this.db
        .selectFrom('contact_way')
        .select('state')
        .where('work_space_id', '=', wsId)
        .where('id', 'in', codes)
        .where('state', '<>', '')
        .execute();
      return { kind: 'branches', column: 'state', values: [...new Set(states.map((c) => c.state))], remarksOnly };
    }
    const members = [...new Set(filter.userids ?? [])];
    return members.length >= 2 ? { kind: 'branches', column: 'userid', values: members, remarksOnly } : { kind: 'time', remarksOnly };
  }

  /** Whether some customer's name in the work space holds the word (the names' search index, then LIKE's answer). */
  private async namesHold(wsId: number, word: string): Promise<boolean> {
    return (await this.namesHolding(wsId, word, 1)) > 0;
  }

  /**
   * How many of the work space's customers have a name holding the word, counting no further than
   * `limit` (the names' search index, then LIKE's answer); `related`: only customers with a relation
   * (every such customer is in the list of the word alone — its name holds the word).
   */
  private async namesHolding(wsId: number, word: string, limit: number, related = false): Promise<number> {
    const like = escapeLike(word);
    const relation = related
      ? sql` and exists (select 1 from follow_relation r where r.work_space_id = ${wsId} and r.external_userid = c.external_userid)`
      : sql``;
    let q: RawBuilder<{ n: number | string }>;
    if (this.database.dialect === 'sqlite') {
      const indexed = shortWord(word) || [...word].length >= 3;
      const names = shortWord(word) ? 'customer_name_grams' : 'customer_name_fts';
      const found = indexed ? sql`${sql.ref(`s.${names}`)} match ${`"${word.replace(/"/g, '""')}"`}` : sql`s.name like ${like} escape '\\'`;
      q = sql`select count(*) as n from (select 1 from ${sql.table(names)} s cross join customer c
        where ${found} and c.rowid = s.rowid and c.work_space_id = ${wsId} and c.name like ${like} escape '\\'${relation} limit ${limit}) x`;
    } else {
      const grams = shortWord(word) ? sql`scrm_grams(c.name) @> ${[word]}::text[] and ` : sql``;
      q = sql`select count(*) as n from (select 1 from customer c where ${grams}c.name like ${like} and c.work_space_id = ${wsId}${relation} limit ${limit}) x`;
    }
    return Number((await this.quick(q, { searchIndexOnly: true }))[0]?.n ?? 0);
  }

  /**
   * Whether the filter is met often among the work space's newest relations (a common word): the walk
   * along the time index, testing each relation, then finds its page and 201 customers soon.
   */
  private async common(wsId: number, filter: RelationFilter): Promise<boolean> {
    const { newest, matches } = this.opts.commonWord ?? COMMON_WORD;
    const rows = await this.quick(sql<{ n: number | string }>`select count(*) as n from (
        select * from follow_relation f where f.work_space_id = ${wsId} order by f.createtime desc limit ${newest}
      ) f where ${conditions('f', wsId, filter)}`);
    return Number(rows[0]?.n ?? 0) >= matches;
  }

  /** The filter's conditions that can start a query from an index of their own: codes, tags (any / all), a word. */
  private drivers(filter: RelationFilter): Driver[] {
    const out: Driver[] = [];
    const codes = [...new Set(filter.contactWayIds ?? [])];
    if (codes.length) out.push({ kind: 'codes', contactWayIds: codes });
    const tags = [...new Set(filter.tagIds ?? [])];
    if (tags.length && (filter.tagMode ?? 'any') !== 'none') out.push({ kind: 'tags', tagIds: tags });
    // A word drives unless common among the newest relations (`common`): walking the time index for a
    // rare word probes every relation (a minute at a million on SQLite).
    const word = filter.keyword?.trim();
    if (word) out.push({ kind: 'keyword', keyword: word });
    return out;
  }

  /** How many relations a driver starts from, counting no further than DRIVER_MAX + 1 (duplicates counted: an upper bound). */
  private async held(wsId: number, driver: Driver): Promise<number> {
    const rows = await this.quick(sql<{ n: number | string }>`select count(*) as n from (${this.candidates(wsId, driver, false)} limit ${this.driverMax + 1}) x`);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * The driver's relations as (external_userid, userid): follow_tag's primary key for tags,
   * (work_space_id, state) for codes, the search index for a word. `distinct` off: a quick upper bound
   * for the plan. A word's relations are `f` and give `cols` (their key unless said); `remarksOnly`
   * (the plan found no customer's name holding it): the remarks' index alone — the names' trigram
   * index took 22 ms to answer nothing for 「杭州-复购」 at a million on PostgreSQL.
   */
  private candidates(
    wsId: number,
    driver: Driver,
    distinct = true,
    cols: RawBuilder<unknown> = sql`f.external_userid, f.userid`,
    remarksOnly = false,
  ): RawBuilder<{ external_userid: string; userid: string }> {
    // The unary + keeps SQLite on the (work_space_id, tag_id, …) key: for a DISTINCT in the
    // (external_userid, userid) order it chose the customer index and read every tag of the work space.
    if (driver.kind === 'tags') {
      const plus = this.database.dialect === 'sqlite' ? sql`+` : sql``;
      return sql`select ${distinct ? sql`distinct` : sql``} ${plus}t.external_userid as external_userid, ${plus}t.userid as userid from follow_tag t
        where t.work_space_id = ${wsId} and t.tag_id in (${sql.join(driver.tagIds)})`;
    }
    if (driver.kind === 'codes')
      return sql`select f.external_userid, f.userid from contact_way cw cross join follow_relation f
        where cw.work_space_id = ${wsId} and cw.id in (${sql.join(driver.contactWayIds)}) and cw.state <> '' and f.work_space_id = ${wsId} and f.state = cw.state`;
    const union = distinct ? sql`union` : sql`union all`;
    const word = driver.keyword;
    const like = escapeLike(word);
    const either = (remarks: RawBuilder<unknown>, names: RawBuilder<unknown>) =>
      (remarksOnly ? remarks : sql`${remarks} ${union} ${names}`) as RawBuilder<{ external_userid: string; userid: string }>;
    if (this.database.dialect === 'sqlite') {
      if (shortWord(word) || [...word].length >= 3) {
        // The index's rows by MATCH (its own lists, no text read): the trigram tables for three
        // characters or more, the characters and pairs (0020) for one or two; then LIKE's own answer on
        // each row read. A trigram phrase matches every text LIKE matches (both fold ASCII case).
        const [remarks, names] = shortWord(word) ? ['follow_remark_grams', 'customer_name_grams'] : ['follow_remark_fts', 'customer_name_fts'];
        const phrase = `"${word.replace(/"/g, '""')}"`;
        return either(
          sql`select ${cols} from ${sql.table(remarks)} s cross join follow_relation f
            where ${sql.ref(`s.${remarks}`)} match ${phrase} and f.rowid = s.rowid and f.work_space_id = ${wsId} and f.remark like ${like} escape '\\'`,
          sql`select ${cols} from ${sql.table(names)} s cross join customer c cross join follow_relation f
            where ${sql.ref(`s.${names}`)} match ${phrase} and c.rowid = s.rowid and c.work_space_id = ${wsId} and c.name like ${like} escape '\\'
              and f.work_space_id = ${wsId} and f.external_userid = c.external_userid`,
        );
      }
      // One or two characters not all letters or digits ('a-', '%'): no index answers them, one pass over the texts.
      return either(
        sql`select ${cols} from follow_remark_fts s cross join follow_relation f
          where s.remark like ${like} escape '\\' and f.rowid = s.rowid and f.work_space_id = ${wsId}`,
        sql`select ${cols} from customer_name_fts s cross join customer c cross join follow_relation f
          where s.name like ${like} escape '\\' and c.rowid = s.rowid and c.work_space_id = ${wsId} and f.work_space_id = ${wsId} and f.external_userid = c.external_userid`,
      );
    }
    // PostgreSQL: pg_trgm GIN for LIKE (three characters or more); for one or two letters or digits the
    // GIN of characters and pairs (0020), then LIKE's own answer on the rows.
    const grams = (col: RawBuilder<unknown>) => (shortWord(word) ? sql`scrm_grams(${col}) @> ${[word]}::text[] and ` : sql``);
    return either(
      sql`select ${cols} from follow_relation f where ${grams(sql`f.remark`)}f.remark like ${like} and f.work_space_id = ${wsId}`,
      sql`select ${cols} from customer c join follow_relation f on f.work_space_id = ${wsId} and f.external_userid = c.external_userid
        where ${grams(sql`c.name`)}c.name like ${like} and c.work_space_id = ${wsId}`,
    );
  }

  /**
   * A driver's matching customers in one pass: its relations (at most DRIVER_MAX + 1 of them, counted
   * as `held`; a relation both a remark and a name find counted twice), each with its add time and
   * whether it meets the rest of the filter (`ok`), read once — a word's from the search index's rows,
   * tags' from follow_tag's key joined to the relation; of the matching ones each customer's latest
   * (createtime, then userid), counted (`total`), and the window's page of them. Every row carries
   * `held` and `total`; with no customer in the window, one row of them and nulls. Beyond DRIVER_MAX
   * nothing is ranked (a one-time filter on both engines). Only the page leaves the database: a word
   * held by 6,510 relations sent them all to be ranked in the server (10–25 ms of the answer at a million).
   */
  drivenQuery(wsId: number, filter: RelationFilter, driver: Driver, window: Window = FIRST_PAGE) {
    // The candidates meet the driver's own condition already (a word; tags in `any` mode): not tested again.
    const rest =
      driver.kind === 'keyword' ? { ...filter, keyword: undefined } : driver.kind === 'tags' && (filter.tagMode ?? 'any') === 'any' ? { ...filter, tagIds: undefined } : filter;
    const cols = sql`f.external_userid, f.userid, f.createtime, case when ${conditions('f', wsId, rest)} then 1 else 0 end as ok`;
    let source: RawBuilder<unknown>;
    if (driver.kind !== 'tags') source = this.candidates(wsId, driver, false, cols, filter.keywordIn === 'remark');
    else {
      // follow_tag's rows carry their relation's add time (0021): a range of it is read from the
      // (work_space_id, tag_id, createtime, …) index, and without other conditions the rows are read
      // from it alone (a relation with two of the tags comes twice: the same row, one customer).
      const time = sql`${filter.addedFrom === undefined ? sql`` : sql` and t.createtime >= ${filter.addedFrom}`}${filter.addedTo === undefined ? sql`` : sql` and t.createtime <= ${filter.addedTo}`}`;
      const tagged = sql`t.work_space_id = ${wsId} and t.tag_id in (${sql.join(driver.tagIds)})${time}`;
      const plus = this.database.dialect === 'sqlite' ? sql`+` : sql``;
      source = timeOnly(rest)
        ? sql`select t.external_userid, t.userid, t.createtime, 1 as ok from follow_tag t where ${tagged}`
        : sql`select ${cols} from (select distinct ${plus}t.external_userid as external_userid, ${plus}t.userid as userid from follow_tag t where ${tagged}) t
            cross join follow_relation f where f.work_space_id = ${wsId} and f.external_userid = t.external_userid and f.userid = t.userid`;
    }
    // Customers are told apart by their bytes (equality is all a partition needs): in the database's
    // collation every comparison of the ranking's sort was a strcoll, without abbreviated keys.
    const byBytes = this.database.dialect === 'postgres' ? sql` collate "C"` : sql``;
    return sql<{ held: number | string; total: number | string; external_userid: string | null; userid: string | null; createtime: number | string | null }>`with d as (
        select c.external_userid, c.userid, c.createtime, c.ok from (${source}) c limit ${this.driverMax + 1}
      ), n as (select count(*) as held from d),
      m as (
        select d.external_userid, d.userid, d.createtime,
          row_number() over (partition by d.external_userid${byBytes} order by d.createtime desc, d.userid desc) as nth
        from d where (select held from n) <= ${this.driverMax} and d.ok = 1
      ), u as (select m.external_userid, m.userid, m.createtime from m where m.nth = 1)
      select n.held, (select count(*) from u) as total, x.external_userid, x.userid, x.createtime from n
        left join (select u.external_userid, u.userid, u.createtime from u ${orderBy(window.order, 'u')} limit ${window.limit} offset ${window.offset}) x on 1 = 1
      ${orderBy(window.order, 'x')}`;
  }

  /**
   * The driver's matching customers counted and the window's rows of them (each customer's latest
   * matching relation); undefined when it is held by more than DRIVER_MAX relations.
   */
  private async driven(wsId: number, filter: RelationFilter, driver: Driver, window: Window): Promise<{ total: number; rows: RelationKey[] } | undefined> {
    const rows = await this.quick(this.drivenQuery(wsId, filter, driver, window));
    if (Number(rows[0]?.held ?? 0) > this.driverMax) return undefined;
    const keys = rows.flatMap((r) => (r.external_userid === null ? [] : [toKey({ external_userid: r.external_userid, userid: r.userid!, createtime: r.createtime! })]));
    return { total: Number(rows[0]?.total ?? 0), rows: keys };
  }

  /**
   * The customers' rows in `order` for a walking plan: each one's latest matching relation, found by
   * walking an index in the page's order and probing "is it the customer's latest" on the way.
   */
  private select(wsId: number, given: RelationFilter, plan: WalkPlan, order: Order, branch?: string) {
    const filter: RelationFilter = plan.remarksOnly ? { ...given, keywordIn: 'remark' } : given;
    // A member's branch names its member alone (with the whole list too, PostgreSQL chose the plain userid index and sorted).
    const own =
      plan.kind !== 'branches' || branch === undefined
        ? conditions('f', wsId, filter)
        : plan.column === 'userid'
          ? sql`${conditions('f', wsId, { ...filter, userids: undefined })} and f.userid = ${branch}`
          : sql`${conditions('f', wsId, { ...filter, contactWayIds: undefined })} and f.state = ${branch}`;
    return sql`select f.external_userid, f.userid, f.createtime from follow_relation f where ${own} and ${latestOfCustomer(wsId, filter)} ${orderBy(order)}`;
  }

  /** One page of customers: each one's latest matching relation (a customer's is in exactly one member branch). */
  pageQuery(wsId: number, filter: RelationFilter, plan: WalkPlan, order: Order, offset: number, limit: number) {
    if (plan.kind !== 'branches') return sql<RelationKey>`${this.select(wsId, filter, plan, order)} limit ${limit} offset ${offset}`;
    if (!plan.values.length) return sql<RelationKey>`select null as external_userid, null as userid, null as createtime where 1 = 0`;
    const parts = plan.values.map((u, i) => sql`select * from (${this.select(wsId, filter, plan, order, u)} limit ${offset + limit}) ${sql.ref(`b${i}`)}`);
    const outer = order === 'asc' ? sql`order by createtime asc, external_userid asc, userid asc` : sql`order by createtime desc, external_userid desc, userid desc`;
    return sql<RelationKey>`select * from (${sql.join(parts, sql` union all `)}) m ${outer} limit ${limit} offset ${offset}`;
  }

  async page(wsId: number, filter: RelationFilter, order: Order, offset: number, limit: number, plan?: Plan): Promise<RelationKey[]> {
    const p = plan ?? (await this.plan(wsId, filter));
    if (p.kind === 'rows') {
      const window = { order, offset, limit };
      if (within(p.window, window)) return p.rows.slice(offset - p.window.offset, offset - p.window.offset + limit);
      const filtered = p.remarksOnly ? { ...filter, keywordIn: 'remark' as const } : filter;
      return (await this.driven(wsId, filtered, p.driver, window))?.rows ?? [];
    }
    return (await this.quick(this.pageQuery(wsId, filter, p, order, offset, limit))).map(toKey);
  }

  /**
   * Counting no further than `cap` + 1, in the page's order: the newest relations are mostly their
   * customer's latest, so the walk stops soon (in table order a sync's old relations, each superseded
   * by a later one, would come first).
   */
  countQuery(wsId: number, filter: RelationFilter, plan: WalkPlan, cap: number, branch?: string) {
    return sql<{ n: number | string }>`select count(*) as n from (${this.select(wsId, filter, plan, 'desc', branch)} limit ${cap + 1}) x`;
  }

  /** How many customers match, counting no further than `cap` + 1 (a plan that read the rows knows). */
  async count(wsId: number, filter: RelationFilter, cap: number, plan?: Plan): Promise<number> {
    const p = plan ?? (await this.plan(wsId, filter));
    if (p.kind === 'rows') return Math.min(p.total, cap + 1);
    // A word alone walked (common) that names hold: each customer whose name holds it and who has a
    // relation is in the list, so cap + 1 of them found through the names' index answer "more than
    // the cap" without the walk, which tested the name of each relation it passed (3,752 relations to
    // find 201 customers of 「伟」 at a million). Fewer: the walk counts (a remark may hold it too).
    const word = filter.keyword?.trim();
    if (word && p.kind === 'time' && !p.remarksOnly && wordAlone(filter) && (await this.namesHolding(wsId, word, cap + 1, true)) > cap) return cap + 1;
    let n = 0;
    for (const branch of p.kind === 'branches' ? p.values : [undefined]) {
      const rows = await this.quick(this.countQuery(wsId, filter, p, cap, branch));
      n += Number(rows[0]?.n ?? 0);
      if (n > cap) return cap + 1;
    }
    return n;
  }

  /**
   * How many customers match, exactly (the background count): distinct customers of the matching
   * relations, read from a driver's candidates when the filter has one (however many), else from the
   * relations by their indexes.
   */
  async exactCount(wsId: number, filter: RelationFilter): Promise<number> {
    const [driver] = this.drivers(filter);
    const count = async (range?: CustomerRange) => {
      const from = driver
        ? sql`(${this.candidates(wsId, driver)}) d cross join follow_relation f where f.work_space_id = ${wsId} and f.external_userid = d.external_userid and f.userid = d.userid and`
        : sql`follow_relation f where`;
      const within = range ? sql` and f.external_userid > ${range.after}${range.upTo === undefined ? sql`` : sql` and f.external_userid <= ${range.upTo}`}` : sql``;
      const [r] = await this.quick(sql<{ n: number | string }>`select count(*) as n from (select distinct f.external_userid from ${from} ${conditions('f', wsId, filter)}${within}) x`);
      return Number(r?.n ?? 0);
    };
    // SQLite answers synchronously: a count of a million relations would hold the server for seconds,
    // so it counts ranges of customers (a customer's relations all fall in one) with a pause between.
    // A code's or a word's candidates are counted at once (their index has no customer order).
    if (this.database.dialect === 'postgres' || (driver && driver.kind !== 'tags')) return count();
    let n = 0;
    for await (const range of customerRanges(this.db, wsId, COUNT_RANGE)) n += await count(range);
    return n;
  }

  /** A filter's stored exact count. */
  storedCount(wsId: number, filterKey: string) {
    return this.db.selectFrom('customer_count').select(['total', 'counted_at']).where('work_space_id', '=', wsId).where('filter_key', '=', filterKey).executeTakeFirst();
  }

  /** Keeps a filter's exact count; drops the work space's counts not read again for a day. */
  async storeCount(wsId: number, filterKey: string, total: number, at: number): Promise<void> {
    await this.db
      .insertInto('customer_count')
      .values({ work_space_id: wsId, filter_key: filterKey, total, counted_at: at })
      .onConflict((oc) => oc.columns(['work_space_id', 'filter_key']).doUpdateSet({ total, counted_at: at }))
      .execute();
    await this.db.deleteFrom('customer_count').where('work_space_id', '=', wsId).where('counted_at', '<', at - 86_400_000).execute();
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

  /**
   * Each matching customer once, at their latest matching relation, in customer order after `after`
   * (a push's audience, walked by keyset through the (work_space_id, external_userid, …) key).
   */
  async latestAfter(wsId: number, filter: RelationFilter, after: string, limit: number): Promise<RelationKey[]> {
    const r = await sql<RelationKey>`select f.external_userid, f.userid, f.createtime from follow_relation f
      where ${conditions('f', wsId, filter)} and f.external_userid > ${after} and ${latestOfCustomer(wsId, filter)}
      order by f.external_userid asc, f.userid asc limit ${limit}`.execute(this.db);
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
