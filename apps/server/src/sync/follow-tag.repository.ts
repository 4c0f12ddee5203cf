// `follow_tag`: one row per tag on a follow relation, so lists filter and count by tag through an
// index instead of reading JSON. Every write of `follow_relation.tag_ids` goes through here, in the
// same transaction, so the two never disagree: `setFollowTags` for a change of tags, `writeFollowTags`
// after an upsert that already wrote the column. Every relation write also marks its customer for the
// data centre (`markCustomersChanged`, same transaction), whose catch-up recounts marked customers.
import type { Kysely, Transaction } from 'kysely';
import { parseKeys } from '../db/database.js';
import { relKey, relationIn } from '../db/relation-pairs.js';
import { batchStatement, statement } from '../db/statement.js';
import type { DB, FollowTagTable } from '../db/tables.js';

type Executor = Kysely<DB> | Transaction<DB>;

export interface FollowTags {
  external_userid: string;
  userid: string;
  /** JSON array of corp tag ids, as in `follow_relation.tag_ids`. */
  tag_ids: string;
  /** The relation's createtime as just written with it (a sync's upsert); without it, it is read. */
  createtime?: number;
}

const PAIRS_PER_STATEMENT = 100;
const ROWS_PER_INSERT = 200;

/**
 * The customers' relations changed (added, re-added, ended, tags): the data centre recounts them. Written
 * in the writer's transaction; the no-op update locks an existing mark, so a catch-up that claimed it
 * first finishes before this change commits and the mark is written again (PostgreSQL).
 */
const markOne = statement((db, v: { wsId: number; externalUserid: string }) =>
  db
    .insertInto('customer_daily_dirty')
    .values({ work_space_id: v.wsId, external_userid: v.externalUserid })
    .onConflict((oc) => oc.columns(['work_space_id', 'external_userid']).doUpdateSet((eb) => ({ work_space_id: eb.ref('excluded.work_space_id') }))),
);
export async function markCustomersChanged(db: Executor, wsId: number, externalUserids: string[]): Promise<void> {
  // Sorted: two writers marking overlapping customers lock them in one order (no deadlock on PostgreSQL).
  const ids = [...new Set(externalUserids)].sort();
  if (ids.length === 1) return void (await markOne.run(db, { wsId, externalUserid: ids[0]! }));
  for (let i = 0; i < ids.length; i += ROWS_PER_INSERT)
    await db
      .insertInto('customer_daily_dirty')
      .values(ids.slice(i, i + ROWS_PER_INSERT).map((external_userid) => ({ work_space_id: wsId, external_userid })))
      .onConflict((oc) => oc.columns(['work_space_id', 'external_userid']).doUpdateSet((eb) => ({ work_space_id: eb.ref('excluded.work_space_id') })))
      .execute();
}

/** A batch of follow_tag rows, built once per number of rows. */
const insertTags = batchStatement(
  (db, rows: FollowTagTable[]) =>
    db.insertInto('follow_tag').values(
      rows.map((r) => ({ work_space_id: r.work_space_id, tag_id: r.tag_id, external_userid: r.external_userid, userid: r.userid, createtime: r.createtime })),
    ),
  ROWS_PER_INSERT,
);

/**
 * The relations' tags become exactly these (relations not named keep theirs). Each row carries its
 * relation's createtime as the relation has it now (given by the writer that has just upserted it, else
 * read in the writer's transaction): a re-add's new time reaches follow_tag with the tags rewritten.
 * `inserted`: the relations (`relKey`) this transaction has just inserted, which can
 * have no tag rows yet (tags are written only with their relation, and relations are never deleted).
 */
export async function writeFollowTags(db: Executor, wsId: number, follows: FollowTags[], inserted: ReadonlySet<string> = new Set()): Promise<void> {
  await markCustomersChanged(db, wsId, follows.map((f) => f.external_userid));
  for (let i = 0; i < follows.length; i += PAIRS_PER_STATEMENT) {
    const part = follows.slice(i, i + PAIRS_PER_STATEMENT);
    const known = part.filter((f) => !inserted.has(relKey(f.external_userid, f.userid)));
    if (known.length) {
      const pairs = relationIn(db, known.map((f) => ({ externalUserid: f.external_userid, userid: f.userid })));
      await db.deleteFrom('follow_tag').where('work_space_id', '=', wsId).where(pairs).execute();
    }
    const tagged = part.filter((f) => parseKeys(f.tag_ids).length);
    const times = new Map<string, number>();
    const unknown = tagged.filter((f) => f.createtime === undefined);
    if (unknown.length)
      for (const r of await db
        .selectFrom('follow_relation')
        .select(['external_userid', 'userid', 'createtime'])
        .where('work_space_id', '=', wsId)
        .where(relationIn(db, unknown.map((f) => ({ externalUserid: f.external_userid, userid: f.userid }))))
        .execute())
        times.set(relKey(r.external_userid, r.userid), Number(r.createtime));
    const rows = tagged.flatMap((f) => {
      const createtime = f.createtime ?? times.get(relKey(f.external_userid, f.userid)) ?? 0;
      return [...new Set(parseKeys(f.tag_ids))].map((tag_id) => ({ work_space_id: wsId, tag_id, external_userid: f.external_userid, userid: f.userid, createtime }));
    });
    for (let j = 0; j < rows.length; j += ROWS_PER_INSERT) await insertTags.run(db, rows.slice(j, j + ROWS_PER_INSERT));
  }
}

/** The relations' tags become these: `follow_relation.tag_ids` and `follow_tag` together. */
export async function setFollowTags(db: Executor, wsId: number, follows: FollowTags[]): Promise<void> {
  for (const f of follows)
    await db
      .updateTable('follow_relation')
      .set({ tag_ids: f.tag_ids })
      .where('work_space_id', '=', wsId)
      .where('external_userid', '=', f.external_userid)
      .where('userid', '=', f.userid)
      .execute();
  await writeFollowTags(db, wsId, follows);
}
