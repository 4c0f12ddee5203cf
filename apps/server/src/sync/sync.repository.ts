// SQL of the synced WeCom tables (department, member, corp tags, customers and follow relations,
// group chats and their members). Every row is scoped by work_space_id; writes go in batches.
import { sql, type Transaction } from 'kysely';
import { analyzeSQLite, parseKeys, type Database } from '../db/database.js';
import { SEARCH_GIN_INDEXES } from '../db/migrations.js';
import { nextTurn, sortInTurns } from '../db/next-turn.js';
import { relKey, relationIn } from '../db/relation-pairs.js';
import { batchStatement, statement, statementsByShape } from '../db/statement.js';
import { markCustomersChanged, setFollowTags, writeFollowTags } from './follow-tag.repository.js';
import type {
  CorpTagGroupTable,
  CorpTagTable,
  CustomerTable,
  DB,
  DepartmentTable,
  FollowRelationTable,
  GroupChatTable,
  GroupMemberTable,
  MemberTable,
} from '../db/tables.js';

type Tx = Transaction<DB>;
const BATCH = 200;
const RELATIONS_PER_READ = 100;

/**
 * Deleted tags leave the follow relations that carried them: `tag_ids` without them and `follow_tag`
 * rewritten (found through follow_tag's (work_space_id, tag_id) key, not by reading every relation).
 */
async function dropTagsFromRelations(trx: Tx, wsId: number, tagIds: string[]): Promise<void> {
  if (!tagIds.length) return;
  const drop = new Set(tagIds);
  for (const tagBatch of chunks(tagIds, 500)) {
    const pairs = await trx
      .selectFrom('follow_tag')
      .select(['external_userid', 'userid'])
      .distinct()
      .where('work_space_id', '=', wsId)
      .where('tag_id', 'in', tagBatch)
      .execute();
    for (const part of chunks(pairs, RELATIONS_PER_READ)) {
      const follows = await trx
        .selectFrom('follow_relation')
        .select(['external_userid', 'userid', 'tag_ids'])
        .where('work_space_id', '=', wsId)
        .where(relationIn(trx, part.map((p) => ({ externalUserid: p.external_userid, userid: p.userid }))))
        .execute();
      const changed = follows.map((f) => ({ ...f, tag_ids: JSON.stringify(parseKeys(f.tag_ids).filter((id) => !drop.has(id))) }));
      await setFollowTags(trx, wsId, changed);
    }
  }
}

/**
 * A full customer pass writes in slices, each its own transaction. A commit writes every page its slice
 * changed, and the time indexes of `follow_relation` and the time key of `follow_tag` take new rows all
 * over, so each slice rewrites most of their pages: the longer the slices, the fewer times (2,000 rows a slice wrote
 * 12 GB of WAL for a 470 MB database). A slice lets the console's reads through between its batches
 * (`backgroundTransaction`) and lasts up to LONG_SLICE_MS, or SLICE_MS once something waits to write
 * (a WeCom callback, a job's claim), which then waits no longer than it did for the slices of before.
 * A commit holds the server while it writes (up to 0.7 s late in a pass of 200,000 customers); slices of
 * 10 s took no less time than 4 s (bench/RESULTS.md, Sync).
 */
const SLICE_MS = 250;
const LONG_SLICE_MS = 4_000;

/**
 * PostgreSQL: the word indexes' pending lists, in kB, for a pass's own transactions (the server's other
 * connections keep SEARCH_PENDING_LIST_KB). A writer that fills a list merges it into the index, decoding
 * and encoding again the posting list of every key it holds: at 64 kB, the names' and remarks' frequent
 * characters were merged thousands of times in a first sync of 200,000 customers, a tenth of the
 * backends' CPU. Searches during the pass read longer lists; the pass merges them when it ends.
 */
const PASS_PENDING_LIST_KB = 4096;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Customer, then member. */
const byCustomer = (a: { external_userid: string; userid?: string }, b: { external_userid: string; userid?: string }) =>
  byText(a.external_userid, b.external_userid) || byText(a.userid ?? '', b.userid ?? '');

function chunks<T>(rows: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

type Values = Record<string, string | number | null>;

/** With `inserted` (PostgreSQL), each row's key and whether the row is new (`xmax = 0`: no version before this one). */
function upsertInto(db: Pick<Tx, 'insertInto'>, table: keyof DB, key: string[], columns: string[], rows: unknown[], inserted = false) {
  const cols = columns.filter((c) => c !== 'work_space_id' && !key.includes(c));
  const upserted = (db.insertInto(table) as any).values(rows).onConflict((oc: any) => {
    const target = oc.columns(['work_space_id', ...key]);
    return cols.length ? target.doUpdateSet(Object.fromEntries(cols.map((c) => [c, sql.ref(`excluded.${c}`)]))) : target.doNothing();
  });
  return inserted ? upserted.returning([...key, sql<boolean>`xmax = 0`.as('inserted')]) : upserted;
}

/**
 * The upsert of rows (a customer's re-read: its row, its relation; a sync's pass: 200 rows a statement), a
 * statement per table and columns, built once per number of rows.
 */
const upserts = statementsByShape((shape) => {
  const [table, key, columns, inserted] = shape.split(':').map((part) => part.split(','));
  return batchStatement(
    (db, rows: Values[]) =>
      upsertInto(db, table![0] as keyof DB, key!, columns!, rows.map((r) => Object.fromEntries(columns!.map((c) => [c, r[c]]))), inserted![0] === 'inserted'),
    BATCH,
  );
});

/**
 * Upsert `rows` on (work_space_id, …key) updating every other column (those of the first row). With
 * `inserted` (PostgreSQL only), the key columns of each row written and whether it was new; else nothing.
 */
async function upsert<T extends keyof DB>(trx: Tx, table: T, key: string[], rows: Array<DB[T]>, opts: { inserted?: boolean } = {}): Promise<Values[]> {
  const written: Values[] = [];
  if (!rows.length) return written;
  const first = rows[0] as unknown as Values;
  // Kysely leaves out a column whose value is undefined: so does the statement's shape, for one row.
  const columns = Object.keys(first).filter((c) => rows.length > 1 || first[c] !== undefined);
  const built = upserts(`${table}:${key.join(',')}:${columns.join(',')}:${opts.inserted ? 'inserted' : ''}`);
  for (const batch of chunks(rows) as unknown as Values[][]) {
    // A row of several without one of the columns gets the column's default, as Kysely builds it.
    const out: Values[] = batch.every((row) => columns.every((c) => row[c] !== undefined))
      ? await built.rows(trx, batch)
      : await upsertInto(trx, table, key, columns, batch, opts.inserted).execute();
    if (opts.inserted) written.push(...out);
  }
  return written;
}

/**
 * PostgreSQL: a pass is written by this many writers side by side, each on its own connection. One writer
 * left the database idle while the server built the next statement and the server idle while the database
 * ran it (the sum of both, not the larger). Each customer belongs to one writer (`writerOf`), so the
 * writers meet on no row. SQLite has one connection: one writer.
 */
const PG_WRITERS = 2;

/** Which of `n` writers takes a customer and its relations: the same one for every page that lists it. */
export function writerOf(externalUserid: string, n: number): number {
  let h = 0;
  for (let i = 0; i < externalUserid.length; i++) h = (h * 31 + externalUserid.charCodeAt(i)) | 0;
  return (h >>> 0) % n;
}

/** Rows queued as their pages arrive, taken a batch at a time from the front. */
class RowQueue<T> {
  private parts: T[][] = [];
  private at = 0;
  size = 0;
  push(rows: T[]): void {
    if (!rows.length) return;
    this.parts.push(rows);
    this.size += rows.length;
  }
  take(n: number): T[] {
    const out: T[] = [];
    while (out.length < n && this.parts.length) {
      const part = this.parts[0]!;
      const rest = Math.min(n - out.length, part.length - this.at);
      for (let i = 0; i < rest; i++) out.push(part[this.at + i]!);
      this.at += rest;
      if (this.at === part.length) {
        this.parts.shift();
        this.at = 0;
      }
    }
    this.size -= out.length;
    return out;
  }
  clear(): void {
    this.parts = [];
    this.at = 0;
    this.size = 0;
  }
}

/** How a pass writes a batch of customers, and a batch of relations with their tags. */
interface PassWrites {
  customers(trx: Tx, batch: CustomerValues[]): Promise<unknown>;
  follows(trx: Tx, batch: LiveFollowValues[]): Promise<unknown>;
}

/**
 * Writes the queued rows in slices of SLICE_MS to LONG_SLICE_MS, each one transaction, with a turn of the
 * event loop after each batch, until the queues are empty. Each batch is idempotent, so a pass cut short leaves nothing wrong.
 */
async function writeSlices(database: Database, customers: RowQueue<CustomerValues>, follows: RowQueue<LiveFollowValues>, writes: PassWrites): Promise<void> {
  while (customers.size || follows.size) {
    await database.backgroundTransaction(async (trx) => {
      if (database.dialect === 'postgres') await sql.raw(`set local gin_pending_list_limit = ${PASS_PENDING_LIST_KB}`).execute(trx);
      const start = performance.now();
      for (;;) {
        // Customers first: a relation is written after its customer, as the customer list reads them.
        if (customers.size) await writes.customers(trx, customers.take(BATCH));
        else await writes.follows(trx, follows.take(BATCH));
        await nextTurn();
        const elapsed = performance.now() - start;
        if (!(customers.size || follows.size) || elapsed >= LONG_SLICE_MS || (elapsed >= SLICE_MS && database.writersWaiting())) return;
      }
    });
  }
}

/**
 * PostgreSQL: one writer of a pass. Its customers' rows queue as their pages arrive and are written at once,
 * on the writer's own connection, while the rest are fetched: the database works while the server waits on
 * WeCom, not after.
 */
class PassWriter {
  private readonly customers = new RowQueue<CustomerValues>();
  private readonly follows = new RowQueue<LiveFollowValues>();
  private wake?: () => void;
  private closed = false;
  failure?: { error: unknown };
  readonly done: Promise<void>;

  constructor(database: Database, writes: PassWrites) {
    this.done = (async () => {
      for (;;) {
        await writeSlices(database, this.customers, this.follows, writes);
        if (this.closed) return;
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    })().catch((error: unknown) => {
      this.failure = { error };
      this.close();
    });
  }

  push(customers: CustomerValues[], follows: LiveFollowValues[]): void {
    if (this.failure) return;
    this.customers.push(customers);
    this.follows.push(follows);
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  abandon(): void {
    this.customers.clear();
    this.follows.clear();
    this.close();
  }
}

/**
 * A full customer pass (the first sync, and 「同步」 after it): the customers and relations WeCom lists, handed
 * over page by page (`add`), then `end()`: the relations that were live before the pass and are not among them
 * end (soft delete). A relation an event adds while the pass runs is not in WeCom's list the pass read, and
 * stays. A customer listed by several members' pages is written once.
 */
export interface CustomerPass {
  add(customers: CustomerValues[], follows: LiveFollowValues[]): void;
  /** Every page is in: the rest written, the relations WeCom no longer lists ended. */
  end(): Promise<void>;
  /** The fetch failed: the writers stop. What they wrote stays (each batch is idempotent); nothing ends. */
  abandon(): Promise<void>;
}

// What a sync writes: whole rows of the tables (named apart from the read models' *Row types).
export type DepartmentValues = DepartmentTable;
export type MemberValues = MemberTable;
export type TagGroupValues = CorpTagGroupTable;
export type TagValues = CorpTagTable;
export type CustomerValues = CustomerTable;
export type FollowValues = FollowRelationTable;
/** A relation as a full pass writes it: with its customer's gender (0033), live. */
export type LiveFollowValues = FollowValues & { gender: number; deleted_at: null };
export type GroupChatValues = GroupChatTable;
export type GroupMemberValues = GroupMemberTable;

/** A customer followed by one member (the usual re-read): its other relations end. */
const endOthers = statement((db, v: { wsId: number; externalUserid: string; userid: string; now: number }) =>
  db
    .updateTable('follow_relation')
    .set({ deleted_at: v.now })
    .where('work_space_id', '=', v.wsId)
    .where('external_userid', '=', v.externalUserid)
    .where('deleted_at', 'is', null)
    .where('userid', '!=', v.userid),
);

/** The relation, if the customer's deletion of the member is marked on it. */
const markedRelation = statement((db, v: { wsId: number; externalUserid: string; userid: string }) =>
  db
    .selectFrom('follow_relation')
    .select('userid')
    .where('work_space_id', '=', v.wsId)
    .where('external_userid', '=', v.externalUserid)
    .where('userid', '=', v.userid)
    .where('deleted_by_customer_at', 'is not', null),
);

export class SyncRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.kysely;
  }

  /**
   * The planner's statistics of the tables a sync fills, taken afresh. A database's first sync fills
   * them from empty, and until autovacuum's analyse reaches them PostgreSQL plans for the few rows it
   * last knew: the customer list's "no later relation" probe became a nested loop over the work space
   * (2.5 s a page at 3,000 customers, where it takes a few milliseconds). ANALYZE samples a bounded
   * number of rows whatever the table's size. SQLite: what was never analysed or has grown tenfold (as
   * every hour), an index at a time with a turn of the event loop between (`analyzeSQLite`).
   */
  async refreshStatistics(): Promise<void> {
    if (this.database.dialect === 'postgres')
      await sql`analyze department, member, corp_tag_group, corp_tag, customer, follow_relation, follow_tag, group_chat, group_member`.execute(this.db);
    else await analyzeSQLite(this.database.sqlite!);
  }

  /** The whole set of a single-key table becomes `rows`: upsert them, delete the rest. */
  private async replaceSet<T extends 'department' | 'member' | 'corp_tag_group' | 'corp_tag' | 'group_chat'>(
    trx: Tx,
    table: T,
    key: string,
    wsId: number,
    rows: Array<DB[T]>,
  ): Promise<void> {
    await upsert(trx, table, [key], rows);
    const keep = new Set(rows.map((r) => String((r as any)[key])));
    const existing = (await (trx.selectFrom(table) as any).select(key).where('work_space_id', '=', wsId).execute()) as any[];
    const gone = existing.map((r) => r[key]).filter((k) => !keep.has(String(k)));
    for (const batch of chunks(gone, 500)) {
      await (trx.deleteFrom(table) as any).where('work_space_id', '=', wsId).where(key, 'in', batch).execute();
    }
  }

  async replaceDepartments(wsId: number, rows: DepartmentValues[]) {
    await this.db.transaction().execute((trx) => this.replaceSet(trx, 'department', 'id', wsId, rows));
  }

  /** The members as the last sync left them (who was receiving customers before this one). */
  memberStates(wsId: number): Promise<Array<{ userid: string; name: string; status: number; is_follow_user: number }>> {
    return this.db.selectFrom('member').select(['userid', 'name', 'status', 'is_follow_user']).where('work_space_id', '=', wsId).execute();
  }

  async replaceMembers(wsId: number, rows: MemberValues[]) {
    await this.db.transaction().execute((trx) => this.replaceSet(trx, 'member', 'userid', wsId, rows));
  }

  async replaceTags(wsId: number, groups: TagGroupValues[], tags: TagValues[]) {
    await this.db.transaction().execute(async (trx) => {
      const keep = new Set(tags.map((t) => t.id));
      const existing = await trx.selectFrom('corp_tag').select('id').where('work_space_id', '=', wsId).execute();
      await dropTagsFromRelations(trx, wsId, existing.map((t) => t.id).filter((id) => !keep.has(id)));
      await this.replaceSet(trx, 'corp_tag_group', 'group_id', wsId, groups);
      await this.replaceSet(trx, 'corp_tag', 'id', wsId, tags);
    });
  }

  /**
   * One group as WeCom has it now, with these of its tags; `complete` when `tags` are all of them
   * (the group's other tags are gone).
   */
  async saveTagGroup(wsId: number, group: TagGroupValues, tags: TagValues[], opts: { complete: boolean }) {
    await this.db.transaction().execute(async (trx) => {
      await upsert(trx, 'corp_tag_group', ['group_id'], [group]);
      await upsert(trx, 'corp_tag', ['id'], tags);
      if (!opts.complete) return;
      const keep = new Set(tags.map((t) => t.id));
      const existing = await trx.selectFrom('corp_tag').select('id').where('work_space_id', '=', wsId).where('group_id', '=', group.group_id).execute();
      await this.deleteTagRows(trx, wsId, existing.map((t) => t.id).filter((id) => !keep.has(id)));
    });
  }

  /** A tag's own fields (rename, reorder) — the group stays as it is. */
  async updateTag(wsId: number, id: string, set: { name?: string; order?: number }) {
    if (set.name === undefined && set.order === undefined) return;
    await this.db.updateTable('corp_tag').set(set).where('work_space_id', '=', wsId).where('id', '=', id).execute();
  }

  async updateTagGroup(wsId: number, groupId: string, set: { name?: string; order?: number }) {
    if (set.name === undefined && set.order === undefined) return;
    await this.db.updateTable('corp_tag_group').set(set).where('work_space_id', '=', wsId).where('group_id', '=', groupId).execute();
  }

  /**
   * Tags deleted in WeCom: gone from the customers' relations too; a group left without tags goes
   * (WeCom deletes a group with its last tag).
   */
  async deleteTags(wsId: number, tagIds: string[]) {
    await this.db.transaction().execute((trx) => this.deleteTagRows(trx, wsId, tagIds));
  }

  /** Whole groups deleted in WeCom, with their tags. */
  async deleteTagGroups(wsId: number, groupIds: string[]) {
    if (!groupIds.length) return;
    await this.db.transaction().execute(async (trx) => {
      const tags = await trx.selectFrom('corp_tag').select('id').where('work_space_id', '=', wsId).where('group_id', 'in', groupIds).execute();
      await this.deleteTagRows(trx, wsId, tags.map((t) => t.id));
      await trx.deleteFrom('corp_tag_group').where('work_space_id', '=', wsId).where('group_id', 'in', groupIds).execute();
    });
  }

  private async deleteTagRows(trx: Tx, wsId: number, tagIds: string[]) {
    if (!tagIds.length) return;
    await dropTagsFromRelations(trx, wsId, tagIds);
    const groups = new Set<string>();
    for (const batch of chunks(tagIds, 500)) {
      const rows = await trx.selectFrom('corp_tag').select('group_id').where('work_space_id', '=', wsId).where('id', 'in', batch).execute();
      for (const r of rows) groups.add(r.group_id);
      await trx.deleteFrom('corp_tag').where('work_space_id', '=', wsId).where('id', 'in', batch).execute();
    }
    for (const groupId of groups) {
      const left = await trx.selectFrom('corp_tag').select('id').where('work_space_id', '=', wsId).where('group_id', '=', groupId).limit(1).executeTakeFirst();
      if (!left) await trx.deleteFrom('corp_tag_group').where('work_space_id', '=', wsId).where('group_id', '=', groupId).execute();
    }
  }

  /**
   * One group chat and its current members; members no longer listed are marked as left. `chat` without
   * a status keeps the stored one (the column's default 0 for a new group).
   */
  async upsertGroup(wsId: number, chat: Omit<GroupChatValues, 'status'> & { status?: number }, members: GroupMemberValues[], now = Date.now()) {
    await this.db.transaction().execute(async (trx) => {
      // upsert writes the columns the row has: a row without status leaves the stored one.
      await upsert(trx, 'group_chat', ['chat_id'], [chat as GroupChatValues]);
      await upsert(trx, 'group_member', ['chat_id', 'member_id'], members.map((m) => ({ ...m, left_at: null })));
      const ids = members.map((m) => m.member_id);
      let q = trx
        .updateTable('group_member')
        .set({ left_at: now })
        .where('work_space_id', '=', wsId)
        .where('chat_id', '=', chat.chat_id)
        .where('left_at', 'is', null);
      if (ids.length) q = q.where('member_id', 'not in', ids);
      await q.execute();
    });
  }

  async deleteGroup(wsId: number, chatId: string) {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('group_member').where('work_space_id', '=', wsId).where('chat_id', '=', chatId).execute();
      await trx.deleteFrom('group_chat').where('work_space_id', '=', wsId).where('chat_id', '=', chatId).execute();
    });
  }

  /** After a full group pass: drop the chats WeCom no longer lists. */
  async keepGroups(wsId: number, chatIds: string[]) {
    const keep = new Set(chatIds);
    const rows = await this.db.selectFrom('group_chat').select('chat_id').where('work_space_id', '=', wsId).execute();
    for (const r of rows) if (!keep.has(r.chat_id)) await this.deleteGroup(wsId, r.chat_id);
  }

  /** A whole pass (`customerPass`) in one call. */
  async replaceCustomers(wsId: number, customers: CustomerValues[], follows: LiveFollowValues[], now = Date.now()) {
    const pass = await this.customerPass(wsId, now);
    pass.add(customers, follows);
    await pass.end();
  }

  /**
   * A full customer pass (`CustomerPass`). PostgreSQL writes as the pages come, by PG_WRITERS writers. SQLite
   * keeps the rows until the last page and writes them in customer order: a slice then covers one range of
   * the customer keys, so the inserts into the tables and indexes keyed by customer change neighbouring pages,
   * not a page per row (WeCom lists relations member by member, in no customer order); the 200,000-customer
   * sync took a quarter less time (bench/RESULTS.md, Sync). Writing each page as it came, while the fetch
   * waited on WeCom's round trips, took a third longer even so (RESULTS.md, Sync, 2026-12-02 evening).
   */
  async customerPass(wsId: number, now = Date.now()): Promise<CustomerPass> {
    // On a first sync there is nothing to read here.
    const before = await this.db
      .selectFrom('follow_relation')
      .select(['external_userid', 'userid'])
      .where('work_space_id', '=', wsId)
      .where('deleted_at', 'is', null)
      .execute();
    // PostgreSQL: a relation the upsert inserted has no tag rows to delete first (a first sync's
    // deletes found nothing and cost it a sixth of its statements' time).
    const inserted = this.database.dialect === 'postgres';
    const writes: PassWrites = {
      customers: (trx, part) => upsert(trx, 'customer', ['external_userid'], part),
      follows: async (trx, part) => {
        const written = await upsert(trx, 'follow_relation', ['external_userid', 'userid'], part, { inserted });
        const fresh = new Set(written.flatMap((r) => (r.inserted ? [relKey(String(r.external_userid), String(r.userid))] : [])));
        // The createtime each relation was just written with goes with its tags (no read back).
        await writeFollowTags(trx, wsId, part, fresh);
      },
    };
    const seen = new Set<string>();
    const listed = new Set<string>();
    const writers = this.database.dialect === 'postgres' ? Array.from({ length: PG_WRITERS }, () => new PassWriter(this.database, writes)) : [];
    const kept = { customers: [] as CustomerValues[], follows: [] as LiveFollowValues[] };
    const failed = () => writers.find((w) => w.failure)?.failure;
    const finish = async () => {
      writers.forEach((w) => w.close());
      await Promise.all(writers.map((w) => w.done));
    };
    return {
      add: (customers, follows) => {
        const failure = failed();
        if (failure) throw failure.error;
        if (before.length) for (const f of follows) listed.add(relKey(f.external_userid, f.userid));
        // SQLite: every row to `kept`, written at the end.
        const to = writers.length ? writers.map(() => ({ customers: [] as CustomerValues[], follows: [] as LiveFollowValues[] })) : [kept];
        for (const c of customers) {
          if (seen.has(c.external_userid)) continue;
          seen.add(c.external_userid);
          to[writerOf(c.external_userid, to.length)]!.customers.push(c);
        }
        for (const f of follows) to[writerOf(f.external_userid, to.length)]!.follows.push(f);
        writers.forEach((w, i) => w.push(to[i]!.customers, to[i]!.follows));
      },
      abandon: async () => {
        writers.forEach((w) => w.abandon());
        await finish();
      },
      end: async () => {
        if (!writers.length) {
          const customers = new RowQueue<CustomerValues>();
          const follows = new RowQueue<LiveFollowValues>();
          customers.push(await sortInTurns(kept.customers, byCustomer));
          follows.push(await sortInTurns(kept.follows, byCustomer));
          await writeSlices(this.database, customers, follows, writes);
        }
        await finish();
        const failure = failed();
        if (failure) throw failure.error;
        await this.endPass(wsId, before, listed, now);
      },
    };
  }

  /** After a pass: the word indexes' lists merged (PostgreSQL), and the relations WeCom no longer lists ended. */
  private async endPass(wsId: number, before: Array<{ external_userid: string; userid: string }>, listed: ReadonlySet<string>, now: number) {
    // The lists the pass left pending, merged now rather than read by every search until vacuum comes.
    if (this.database.dialect === 'postgres') {
      for (const index of SEARCH_GIN_INDEXES) await sql`select gin_clean_pending_list(${index}::regclass)`.execute(this.db);
    }
    if (!before.length) return;
    // A customer nobody follows any more stays, as the events leave it: its relations end instead
    // (history and retention need them), just as WeCom keeps the person.
    const ended = before.filter((r) => !listed.has(relKey(r.external_userid, r.userid)));
    if (!ended.length) return;
    await this.db.transaction().execute(async (trx) => {
      await markCustomersChanged(trx, wsId, ended.map((r) => r.external_userid));
      for (const r of ended) {
        await trx
          .updateTable('follow_relation')
          .set({ deleted_at: now })
          .where('work_space_id', '=', wsId)
          .where('external_userid', '=', r.external_userid)
          .where('userid', '=', r.userid)
          .where('deleted_at', 'is', null)
          .execute();
      }
    });
  }

  /** One customer as WeCom has it now: its row and its live relations (others end). */
  async upsertCustomer(wsId: number, customer: CustomerValues, follows: FollowValues[], now = Date.now()) {
    await this.db.transaction().execute(async (trx) => {
      await upsert(trx, 'customer', ['external_userid'], [customer]);
      await upsert(trx, 'follow_relation', ['external_userid', 'userid'], follows.map((f) => ({ ...f, gender: customer.gender, deleted_at: null })));
      await writeFollowTags(trx, wsId, follows);
      await markCustomersChanged(trx, wsId, [customer.external_userid]);
      const users = follows.map((f) => f.userid);
      if (users.length === 1) await endOthers.run(trx, { wsId, externalUserid: customer.external_userid, userid: users[0]!, now });
      else {
        let q = trx
          .updateTable('follow_relation')
          .set({ deleted_at: now })
          .where('work_space_id', '=', wsId)
          .where('external_userid', '=', customer.external_userid)
          .where('deleted_at', 'is', null);
        if (users.length) q = q.where('userid', 'not in', users);
        await q.execute();
      }
    });
  }

  /**
   * del_follow_user (`at` set) or a new add_external_contact of the pair (`at` null), `happenedAt` being
   * WeCom's time of that event. WeCom may deliver the two in another order than they happened, and their
   * jobs may run side by side, so each is a single statement that checks the other's customer event
   * (recorded before either writes here): the mark goes on unless an add of a later second was recorded,
   * and comes off unless a deletion of the same second or later was (an add and a deletion in one second:
   * the add first). False when we have no copy of the relation (said only of a deletion's mark).
   */
  async markDeletedByCustomer(wsId: number, externalUserid: string, userid: string, at: number | null, happenedAt: number): Promise<boolean> {
    // An add (every add) whose relation carries no mark has nothing to take off: one read, no transaction.
    if (at === null && !(await markedRelation.first(this.db, { wsId, externalUserid, userid }))) return false;
    return this.db.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable('follow_relation')
        .set({ deleted_by_customer_at: at })
        .where('work_space_id', '=', wsId)
        .where('external_userid', '=', externalUserid)
        .where('userid', '=', userid)
        .where('deleted_by_customer_at', at === null ? 'is not' : 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('customer_event')
                .select('customer_event.id')
                .where('customer_event.work_space_id', '=', wsId)
                .where('customer_event.external_userid', '=', externalUserid)
                .where('customer_event.at', '>=', at === null ? happenedAt : happenedAt + 1000)
                .where('customer_event.userid', '=', userid)
                .where('customer_event.kind', '=', at === null ? 'delete_by_customer' : 'add'),
            ),
          ),
        )
        .executeTakeFirst();
      if (numUpdatedRows) {
        await markCustomersChanged(trx, wsId, [externalUserid]);
        return true;
      }
      if (at === null) return false;
      const row = await trx
        .selectFrom('follow_relation')
        .select('userid')
        .where('work_space_id', '=', wsId)
        .where('external_userid', '=', externalUserid)
        .where('userid', '=', userid)
        .executeTakeFirst();
      return row !== undefined;
    });
  }

  async endFollow(wsId: number, externalUserid: string, userid?: string, now = Date.now()) {
    await this.db.transaction().execute(async (trx) => {
      let q = trx
        .updateTable('follow_relation')
        .set({ deleted_at: now })
        .where('work_space_id', '=', wsId)
        .where('external_userid', '=', externalUserid)
        .where('deleted_at', 'is', null);
      if (userid) q = q.where('userid', '=', userid);
      await q.execute();
      await markCustomersChanged(trx, wsId, [externalUserid]);
    });
  }
}
