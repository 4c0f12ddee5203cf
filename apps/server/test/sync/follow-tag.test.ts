// `writeFollowTags` runs once per 100 relations in a first sync; each of its deletes must find its rows
// through the customer index. With the pairs' `or` alone both engines read every follow_tag row of the
// work space per statement, and a first sync of 100,000 customers on SQLite never ended.
import { describe, expect, it, test } from 'vitest';
import { sql, type CompiledQuery } from 'kysely';
import { migrateTo, migrateToLatest } from '../../src/db/migrations.js';
import { setFollowTags, writeFollowTags } from '../../src/sync/follow-tag.repository.js';
import { SyncRepository } from '../../src/sync/sync.repository.js';
import { addWorkSpace, usePlanDatabase } from '../helpers/query-plans.js';
import { useOpenedDatabase } from '../helpers/database.js';

const plans = usePlanDatabase();

test('a sync writes each relation its tags, reading follow_tag through the customer index', async () => {
  const { db } = plans;
  const follows = ['wm1:u1', 'wm1:u2', 'wm2:u1'].map((k, i) => {
    const [external_userid, userid] = k.split(':');
    return { external_userid, userid, tag_ids: JSON.stringify([`et${i}`, 'etAll']) };
  });
  await writeFollowTags(plans.logged, 7, follows);
  await writeFollowTags(plans.logged, 7, [{ ...follows[0], tag_ids: '["etNew"]' }]);

  const rows = await db.kysely.selectFrom('follow_tag').select(['external_userid', 'userid', 'tag_id']).where('work_space_id', '=', 7).execute();
  expect(rows.map((r) => `${r.external_userid}:${r.userid}:${r.tag_id}`).sort()).toEqual(
    ['wm1:u1:etNew', 'wm1:u2:et1', 'wm1:u2:etAll', 'wm2:u1:et2', 'wm2:u1:etAll'],
  );

  // A work space of some size, as in a first sync's transaction: no statistics gathered yet.
  const others = Array.from({ length: 3000 }, (_, i) => ({ external_userid: `wmo${i}`, userid: `u${i % 50}`, tag_ids: '["etA","etB"]' }));
  await writeFollowTags(db.kysely, 7, others);

  const deletes = plans.run.filter((q) => /^delete/i.test(q.sql));
  expect(deletes.length).toBe(2);
  for (const q of deletes) {
    const plan = await explain(q);
    // The rows are found by customer, not by reading the work space's whole range.
    expect(plan).toMatch(/external_userid/);
  }
});

test('follow_tag carries its relation’s add time, also after a re-add moved it', async () => {
  const { db } = plans;
  const sync = new SyncRepository(db);
  const wsId = await addWorkSpace(db, '再加');
  const customer = { work_space_id: wsId, external_userid: 'wmre', name: '再加', avatar: '', type: 1, gender: 1, unionid: '', corp_name: '', updated_at: 1 };
  const follow = (createtime: number, tag_ids: string) => ({
    work_space_id: wsId, external_userid: 'wmre', userid: 'u1', remark: '', description: '', createtime, tag_ids, add_way: 1, state: '', oper_userid: '', deleted_at: null,
  });
  const times = async () =>
    (await db.kysely.selectFrom('follow_tag').select(['tag_id', 'createtime']).where('work_space_id', '=', wsId).orderBy('tag_id').execute()).map((r) => `${r.tag_id}@${Number(r.createtime)}`);
  await sync.upsertCustomer(wsId, customer, [follow(1_000, '["etA","etB"]')]);
  expect(await times()).toEqual(['etA@1000', 'etB@1000']);
  // The customer deleted the member and added them again: WeCom's relation has a new createtime.
  await sync.upsertCustomer(wsId, customer, [follow(5_000, '["etA"]')]);
  expect(await times()).toEqual(['etA@5000']);
  // Tags changed by us (a batch, the record's edit, auto-tag) keep the relation's time.
  await setFollowTags(db.kysely, wsId, [{ external_userid: 'wmre', userid: 'u1', tag_ids: '["etA","etC"]' }]);
  expect(await times()).toEqual(['etA@5000', 'etC@5000']);
});

describe('0039_follow_tag_by_time', () => {
  const opened = useOpenedDatabase();

  it('keeps every tag row, and the tags are written and read as before', async () => {
    const { db } = opened;
    await migrateTo(db.kysely, db.dialect, '0038_job_active_indexes');
    const wsId = await addWorkSpace(db, '标签按时间');
    const row = (external_userid: string, tag_id: string, createtime: number) => ({ work_space_id: wsId, tag_id, external_userid, userid: 'u1', createtime });
    await (db.kysely as any).insertInto('follow_tag').values([row('wm1', 'etA', 3_000), row('wm1', 'etB', 3_000), row('wm2', 'etA', 1_000)]).execute();
    const rows = async () =>
      (await db.kysely.selectFrom('follow_tag').select(['external_userid', 'tag_id', 'createtime']).where('work_space_id', '=', wsId).execute())
        .map((r) => `${r.external_userid}:${r.tag_id}@${Number(r.createtime)}`)
        .sort();
    const indexes = () => (db.sqlite!.pragma('index_list(follow_tag)') as Array<{ name: string }>).map((i) => i.name).sort();
    const before = ['wm1:etA@3000', 'wm1:etB@3000', 'wm2:etA@1000'];
    expect(await rows()).toEqual(before);

    expect(await migrateToLatest(db.kysely, db.dialect)).toContain('0039_follow_tag_by_time');
    expect(await rows()).toEqual(before);
    if (db.sqlite) {
      // Two B-trees: the table in its time key's order and the customer index (no rowid, no time index).
      expect(indexes()).toEqual(['follow_tag_customer_idx', 'sqlite_autoindex_follow_tag_1']);
      expect(() => db.sqlite!.prepare('select rowid from follow_tag').all()).toThrow(/rowid/);
    } else {
      // 0041: two B-trees, the key by relation then tag and the time index; a relation still holds a tag once.
      const pgIndexes = await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'follow_tag' order by 1`.execute(db.kysely);
      expect(pgIndexes.rows.map((r) => r.name)).toEqual(['follow_tag_pk', 'follow_tag_time_idx']);
      await expect((db.kysely as any).insertInto('follow_tag').values(row('wm1', 'etA', 9_000)).execute()).rejects.toThrow(/follow_tag_pk/);
    }
    // A relation's tags rewritten: its old rows go, whatever their time.
    await writeFollowTags(db.kysely, wsId, [{ external_userid: 'wm1', userid: 'u1', tag_ids: '["etB","etC"]', createtime: 4_000 }]);
    expect(await rows()).toEqual(['wm1:etB@4000', 'wm1:etC@4000', 'wm2:etA@1000']);

    // And back: the key, the customer index and the time index of 0021, the rows kept.
    await migrateTo(db.kysely, db.dialect, '0038_job_active_indexes');
    expect(await rows()).toEqual(['wm1:etB@4000', 'wm1:etC@4000', 'wm2:etA@1000']);
    if (db.sqlite) expect(indexes()).toEqual(['follow_tag_customer_idx', 'follow_tag_time_idx', 'sqlite_autoindex_follow_tag_1']);
    await migrateToLatest(db.kysely, db.dialect);
  });
});

/** The plan; on PostgreSQL its scans and index conditions only (a filter line may name the column too). */
async function explain(q: CompiledQuery): Promise<string> {
  const { db } = plans;
  const plan = await plans.explain(q);
  return db.sqlite ? plan : plan.split('\n').filter((l) => /Index Cond|Scan/.test(l)).join('\n');
}
