// 客户列表's word search follows a remark through every change, now that an empty remark is not indexed
// (0036): written, changed, emptied, written again, and the relation deleted — by one- and two-character
// words (the short-word index) and longer ones (trigrams). On SQLite the search tables then hold exactly
// the relations with a remark; rows indexed before 0036 (empty ones too) keep working once it has run.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniquePhone, type Harness } from '../helpers/harness.js';
import { connectCorp, type ConnectedCorp } from '../helpers/corp.js';
import { migrateTo, migrateToLatest } from '../../src/db/migrations.js';
import { useOpenedDatabase } from '../helpers/database.js';
import { addWorkSpace } from '../helpers/query-plans.js';

/** The search tables' insides are SQLite's (PostgreSQL's GIN indexes follow the rows by themselves). */
const onSqlite = !process.env.TEST_DATABASE_URL;

let h: Harness;
let token: string;
let corp: ConnectedCorp;

beforeAll(async () => {
  h = await startHarness();
  token = await h.register(uniquePhone());
  corp = await connectCorp(h, token, { seed: 'search-index', size: { members: 3, customers: 12, tags: 1 } });
}, 60_000);
afterAll(() => h?.close());

const k = () => h.server.database.kysely;
const relation = () => k().selectFrom('follow_relation').select(['external_userid', 'userid']).where('work_space_id', '=', corp.wsId).orderBy('external_userid').orderBy('userid');
const setRemark = (r: { external_userid: string; userid: string }, remark: string) =>
  k().updateTable('follow_relation').set({ remark }).where('work_space_id', '=', corp.wsId).where('external_userid', '=', r.external_userid).where('userid', '=', r.userid).execute();

/** The customers the list finds by a word (one page is enough here). */
async function found(keyword: string): Promise<string[]> {
  const r = await h.api('/api/qw/customer/list', { keyword, pageSize: 100 }, token, corp.headers);
  expect(r.status, r.message).toBe(200);
  return r.data.list.map((c: { externalUserid: string }) => c.externalUserid).sort();
}

describe('the word search and a remark', () => {
  it('finds a relation by its remark through every change, by short and long words', async () => {
    const [a, b] = await relation().where('remark', '=', '').limit(2).execute();
    expect(b).toBeDefined();
    await setRemark(a!, '鲸落回访客户');
    expect(await found('鲸落')).toEqual([a!.external_userid]);
    expect(await found('鲸落回访')).toEqual([a!.external_userid]);
    // Changed, then emptied: the old words find nothing.
    await setRemark(a!, '鲸跃意向');
    expect(await found('鲸落')).toEqual([]);
    expect(await found('鲸跃意向')).toEqual([a!.external_userid]);
    await setRemark(a!, '');
    expect(await found('鲸跃')).toEqual([]);
    expect(await found('鲸跃意向')).toEqual([]);
    // Written again, and a second relation with the same words.
    await setRemark(a!, '鲸跃意向');
    await setRemark(b!, '鲸跃意向');
    expect(await found('鲸跃意向')).toEqual([a!.external_userid, b!.external_userid].sort());
    // Deleted rows leave the search: one with a remark, one without.
    const [empty] = await relation().where('remark', '=', '').limit(1).execute();
    for (const r of [b!, empty!]) {
      await k().deleteFrom('follow_relation').where('work_space_id', '=', corp.wsId).where('external_userid', '=', r.external_userid).where('userid', '=', r.userid).execute();
    }
    expect(await found('鲸跃')).toEqual([a!.external_userid]);
    expect(await found('鲸跃意向')).toEqual([a!.external_userid]);
  });

  it.runIf(onSqlite)('indexes on SQLite exactly the relations with a remark', async () => {
    const count = async (q: string) => Number((await h.server.database.sqlite!.prepare(q).get() as { n: number }).n);
    const withRemark = await count(`select count(*) n from follow_relation where remark <> ''`);
    expect(withRemark).toBeGreaterThan(0);
    expect(await count(`select count(*) n from follow_remark_fts_docsize`)).toBe(withRemark);
    expect(await count(`select count(*) n from follow_remark_grams_docsize`)).toBe(withRemark);
  });
});

describe('0036_search_skips_empty', () => {
  const opened = useOpenedDatabase();

  it('keeps rows indexed before it (an empty remark too) searchable and removable', async () => {
    const { db } = opened;
    await migrateTo(db.kysely, db.dialect, '0035_daily_staging');
    const x = db.kysely as any;
    const wsId = await addWorkSpace(db, '旧索引');
    const rel = (ext: string, remark: string) => ({
      work_space_id: wsId, external_userid: ext, userid: 'u', remark, description: '', createtime: 1, tag_ids: '[]', add_way: 1, state: '', oper_userid: 'u', deleted_at: null,
    });
    await x.insertInto('follow_relation').values([rel('wm-empty', ''), rel('wm-kept', '老客户转介绍'), rel('wm-gone', '老客户')]).execute();
    expect((await migrateToLatest(db.kysely, db.dialect))[0]).toBe('0036_search_skips_empty');
    const set = (ext: string, remark: string) => x.updateTable('follow_relation').set({ remark }).where('external_userid', '=', ext).execute();
    await set('wm-empty', '老客户复购');
    await x.deleteFrom('follow_relation').where('external_userid', '=', 'wm-gone').execute();
    await set('wm-kept', '');
    const left = await x.selectFrom('follow_relation').select(['external_userid', 'remark']).orderBy('external_userid').execute();
    expect(left).toEqual([{ external_userid: 'wm-empty', remark: '老客户复购' }, { external_userid: 'wm-kept', remark: '' }]);
    if (!onSqlite) return;
    // What the list's search reads (customer-list.repository.ts): trigrams for three characters and more, the short-word table below.
    const trigram = (word: string) => db.sqlite!.prepare(`select f.external_userid e from follow_remark_fts s join follow_relation f on f.rowid = s.rowid where s.follow_remark_fts match ? order by 1`).all(`"${word}"`);
    const short = (word: string) => db.sqlite!.prepare(`select f.external_userid e from follow_remark_grams s join follow_relation f on f.rowid = s.rowid where s.follow_remark_grams match ? order by 1`).all(`"${word}"`);
    expect(trigram('老客户')).toEqual([{ e: 'wm-empty' }]);
    expect(short('复购')).toEqual([{ e: 'wm-empty' }]);
    expect(short('介绍')).toEqual([]);
    // SQLite's own check of a trigram table against its rows: it throws on a mismatch.
    db.sqlite!.prepare(`insert into follow_remark_fts(follow_remark_fts) values ('integrity-check')`).run();
  });
});

describe.runIf(!onSqlite)('0040_grams_plpgsql', () => {
  const opened = useOpenedDatabase();
  const texts = ['', '伟', '张伟', '老王-杭州 回访', '王王王', 'Bob Chen', '👍好评客户', '鲸落回访客户'];
  /** A text's characters and pairs of characters, each once, sorted as the database sorts them. */
  const wordsOf = async (t: string) =>
    (await sql<{ w: string[] }>`select coalesce(array_agg(distinct x order by x), '{}') as w from unnest(scrm_grams(${t})) x`.execute(opened.db.kysely)).rows[0]!.w;
  const reference = (t: string) => {
    const chars = Array.from(t);
    return new Set([...chars, ...chars.slice(1).map((c, i) => chars[i] + c)]);
  };

  it('gives the words of 0020 a fifth of the time, so the indexes made with them keep finding rows', async () => {
    const { db } = opened;
    await migrateTo(db.kysely, db.dialect, '0039_follow_tag_by_time');
    const before = await Promise.all(texts.map(wordsOf));
    texts.forEach((t, i) => expect(new Set(before[i]), t).toEqual(reference(t)));
    const x = db.kysely as any;
    const wsId = await addWorkSpace(db, '短词');
    const rel = (ext: string, remark: string) => ({
      work_space_id: wsId, external_userid: ext, userid: 'u', remark, description: '', createtime: 1, tag_ids: '[]', add_way: 1, state: '', oper_userid: 'u', deleted_at: null,
    });
    await x.insertInto('follow_relation').values([rel('wm-old', '鲸落回访客户'), rel('wm-empty', '')]).execute();
    expect((await migrateToLatest(db.kysely, db.dialect))[0]).toBe('0040_grams_plpgsql');
    expect(await Promise.all(texts.map(wordsOf))).toEqual(before);
    await x.insertInto('follow_relation').values([rel('wm-new', '鲸跃回访')]).execute();
    // The list's short-word test (customer-list.repository.ts), through the index built before 0040 and after.
    const short = (word: string) =>
      db.kysely.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_indexscan = off`.execute(trx);
        const q = sql`select external_userid e from follow_relation where scrm_grams(remark) @> ${[word]}::text[] order by 1`;
        const plan = (await sql<{ 'QUERY PLAN': string }>`explain ${q}`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan).toContain('follow_relation_remark_grams_idx');
        return (await q.execute(trx)).rows.map((r) => (r as { e: string }).e);
      });
    expect(await short('回访')).toEqual(['wm-new', 'wm-old']);
    expect(await short('鲸落')).toEqual(['wm-old']);
    expect(await short('跃')).toEqual(['wm-new']);
    expect(await short('访客')).toEqual(['wm-old']);
  });
});
