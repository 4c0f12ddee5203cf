// A full customer pass (the first sync, and 「同步」 after it): customers and relations as WeCom lists
// them, written in slices; a relation we had live that WeCom no longer lists ends at the end, and each
// relation's tags carry the add time it was written with.
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { SEARCH_GIN_INDEXES } from '../../src/db/migrations.js';
import { SyncRepository, writerOf, type LiveFollowValues } from '../../src/sync/sync.repository.js';
import { addWorkSpace, usePlanDatabase } from '../helpers/query-plans.js';

const plans = usePlanDatabase();

const customer = (wsId: number, id: string, gender = 1) => ({
  work_space_id: wsId, external_userid: id, name: `客户${id}`, avatar: '', type: 1, gender, unionid: '', corp_name: '', updated_at: 1,
});
const follow = (wsId: number, id: string, userid: string, createtime: number, tags: string[] = []): LiveFollowValues => ({
  work_space_id: wsId, external_userid: id, userid, remark: '', description: '', createtime, tag_ids: JSON.stringify(tags),
  add_way: 1, state: '', oper_userid: '', deleted_at: null, gender: 1,
});

test('a full pass writes what WeCom lists and ends only the relations it no longer lists', async () => {
  const { db } = plans;
  const sync = new SyncRepository(db);
  const wsId = await addWorkSpace(db, '全量');
  const relations = async () =>
    (await db.kysely.selectFrom('follow_relation').select(['external_userid', 'userid', 'deleted_at']).where('work_space_id', '=', wsId).orderBy('external_userid').orderBy('userid').execute())
      .map((r) => `${r.external_userid}:${r.userid}:${r.deleted_at === null ? 'live' : Number(r.deleted_at)}`);
  const tags = async () =>
    (await db.kysely.selectFrom('follow_tag').select(['external_userid', 'userid', 'tag_id', 'createtime']).where('work_space_id', '=', wsId).orderBy('external_userid').orderBy('tag_id').execute())
      .map((r) => `${r.external_userid}:${r.userid}:${r.tag_id}@${Number(r.createtime)}`);

  // The first pass, more than one batch of rows: every relation is new.
  const many = Array.from({ length: 450 }, (_, i) => `wm${String(i).padStart(4, '0')}`);
  await sync.replaceCustomers(wsId, many.map((id) => customer(wsId, id)), [
    ...many.map((id, i) => follow(wsId, id, 'u1', 1_000 + i, i % 2 ? ['etA'] : [])),
    follow(wsId, 'wm0000', 'u2', 7_000, ['etA', 'etB']),
  ]);
  expect((await relations()).filter((r) => r.endsWith(':live'))).toHaveLength(451);
  expect((await tags()).slice(0, 3)).toEqual(['wm0000:u2:etA@7000', 'wm0000:u2:etB@7000', 'wm0001:u1:etA@1001']);
  expect(await tags()).toHaveLength(2 + 225);

  // The next pass: wm0000 no longer follows u2, wm0001's relation was re-added (a new add time, other tags).
  await sync.replaceCustomers(
    wsId,
    many.map((id) => customer(wsId, id)),
    many.map((id, i) => (id === 'wm0001' ? follow(wsId, id, 'u1', 9_000, ['etB']) : follow(wsId, id, 'u1', 1_000 + i, i % 2 ? ['etA'] : []))),
    50_000,
  );
  const after = await relations();
  expect(after.slice(0, 3)).toEqual(['wm0000:u1:live', 'wm0000:u2:50000', 'wm0001:u1:live']);
  expect(after.filter((r) => r.endsWith(':live'))).toHaveLength(450);
  expect((await tags()).filter((t) => t.startsWith('wm0000') || t.startsWith('wm0001'))).toEqual(['wm0000:u2:etA@7000', 'wm0000:u2:etB@7000', 'wm0001:u1:etB@9000']);
  // The ended relation keeps its tags (history), and its customer is counted again by the data centre.
  const marked = await db.kysely.selectFrom('customer_daily_dirty').select('external_userid').where('work_space_id', '=', wsId).where('external_userid', '=', 'wm0000').execute();
  expect(marked).toHaveLength(1);
});

test('the writers of a pass (PostgreSQL: side by side) each take whole customers, and share them about evenly', () => {
  const ids = Array.from({ length: 2_000 }, (_, i) => `wmAbC${i * 7919}`);
  for (const n of [1, 2, 4]) {
    const counts = new Array<number>(n).fill(0);
    for (const id of ids) counts[writerOf(id, n)]!++;
    expect(counts.every((c) => c > (ids.length / n) * 0.8 && c < (ids.length / n) * 1.2)).toBe(true);
  }
});

test('a pass handed over page by page: a customer on several pages is written once, and a pass that fails ends nothing', async () => {
  const { db } = plans;
  const sync = new SyncRepository(db);
  const wsId = await addWorkSpace(db, '分页');
  const live = async () =>
    (await db.kysely.selectFrom('follow_relation').select(['external_userid', 'userid']).where('work_space_id', '=', wsId).where('deleted_at', 'is', null).orderBy('external_userid').orderBy('userid').execute())
      .map((r) => `${r.external_userid}:${r.userid}`);
  const ids = Array.from({ length: 300 }, (_, i) => `wq${String(i).padStart(4, '0')}`);
  await sync.replaceCustomers(wsId, ids.map((id) => customer(wsId, id)), ids.map((id, i) => follow(wsId, id, 'u1', 1_000 + i)));

  // The fetch fails after its first page: what was live stays live.
  const failed = await sync.customerPass(wsId, 60_000);
  failed.add([customer(wsId, 'wq0000')], [follow(wsId, 'wq0000', 'u2', 5_000)]);
  await failed.abandon();
  expect((await live()).filter((r) => r.endsWith(':u1'))).toHaveLength(300);

  // Two members' pages list the same customers; u1's relations with the last 100 are gone from WeCom.
  const pass = await sync.customerPass(wsId, 70_000);
  pass.add(ids.map((id) => ({ ...customer(wsId, id), name: `第一页${id}` })), ids.slice(0, 200).map((id, i) => follow(wsId, id, 'u1', 1_000 + i)));
  pass.add(ids.slice(0, 50).map((id) => ({ ...customer(wsId, id), name: `第二页${id}` })), ids.slice(0, 50).map((id, i) => follow(wsId, id, 'u3', 8_000 + i, ['etC'])));
  await pass.end();
  const after = await live();
  expect(after.filter((r) => r.endsWith(':u1'))).toHaveLength(200);
  expect(after.filter((r) => r.endsWith(':u3'))).toHaveLength(50);
  expect(after).not.toContain('wq0299:u1');
  const names = await db.kysely.selectFrom('customer').select('name').where('work_space_id', '=', wsId).where('external_userid', '=', 'wq0001').execute();
  expect(names).toEqual([{ name: '第一页wq0001' }]);
  const tagged = await db.kysely.selectFrom('follow_tag').select('external_userid').where('work_space_id', '=', wsId).where('tag_id', '=', 'etC').execute();
  expect(tagged).toHaveLength(50);
});

test('PostgreSQL: a pass leaves nothing pending in the word indexes, and the server\'s other writes keep the lists at 64 kB', async () => {
  const { db } = plans;
  if (db.dialect !== 'postgres') return;
  const sync = new SyncRepository(db);
  const wsId = await addWorkSpace(db, '待合并');
  const pending = async () => {
    const out: Record<string, number> = {};
    for (const index of SEARCH_GIN_INDEXES) {
      const { rows } = await sql<{ pages: number | string }>`select gin_clean_pending_list(${index}::regclass) as pages`.execute(db.kysely);
      out[index] = Number(rows[0]!.pages);
    }
    return out;
  };
  const nothing = Object.fromEntries(SEARCH_GIN_INDEXES.map((index) => [index, 0]));
  await pending();
  // The pass's own transactions let the lists grow (4 MB), and it merges them when it ends.
  const ids = Array.from({ length: 600 }, (_, i) => `wp${String(i).padStart(4, '0')}`);
  await sync.replaceCustomers(
    wsId,
    ids.map((id, i) => ({ ...customer(wsId, id), name: `客户${id}张伟${i}` })),
    ids.map((id, i) => ({ ...follow(wsId, id, 'u1', 1_000 + i), remark: `华东区域大客户${i}` })),
  );
  expect(await pending()).toEqual(nothing);
  // The server's connections merge after 64 kB, PostgreSQL's least, whatever the server's own default.
  const { rows } = await sql<{ setting: string }>`select current_setting('gin_pending_list_limit') as setting`.execute(db.kysely);
  expect(rows[0]!.setting).toBe('64kB');
  const { rows: options } = await sql<{ reloptions: string[] | null }>`select reloptions from pg_class where relname in (${sql.join(SEARCH_GIN_INDEXES)})`.execute(db.kysely);
  expect(options.map((o) => o.reloptions)).toEqual(SEARCH_GIN_INDEXES.map(() => null));
});
