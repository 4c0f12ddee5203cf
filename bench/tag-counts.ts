// Customers per tag at scale: seeds one work space with N customers, 2N follow relations (a tenth of
// them ended) and two of T tags on each relation, straight into the database, then times the tag
// grouped count (TagRepository.customerCounts, run by the tag_count job), the read of the stored counts
// (what the tag page does), and prints the grouped count's plan.
// Usage: node --import tsx bench/tag-counts.ts [--customers=1000000] [--tags=3000] [--runs=5]
//        (TEST_DATABASE_URL=postgres://… for PostgreSQL: a database is made and dropped)
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrations.js';
import { TagRepository } from '../apps/server/src/tag/tag.repository.js';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const customers = arg('customers', 1_000_000);
const tagCount = arg('tags', 3000);
const runs = arg('runs', 5);
const WS = 1;

const dataDir = mkdtempSync(join(tmpdir(), 'scrm-bench-tags-'));
let databaseUrl: string | undefined;
const admin = process.env.TEST_DATABASE_URL;
const dbName = `scrm_bench_${randomBytes(4).toString('hex')}`;
if (admin) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${dbName}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
}
const database = openDatabase({ databaseUrl, dataDir });
const db = database.kysely;
try {
  await migrateToLatest(db, database.dialect);
  const t0 = Date.now();
  if (database.sqlite) {
    const s = database.sqlite;
    s.pragma('journal_mode = WAL');
    s.pragma('foreign_keys = OFF'); // no account or work space row: only the two tables are measured
    const rel = s.prepare("insert into follow_relation (work_space_id, external_userid, userid, tag_ids, deleted_at) values (?, ?, ?, ?, ?)");
    const ft = s.prepare('insert into follow_tag (work_space_id, tag_id, external_userid, userid) values (?, ?, ?, ?)');
    const batch = s.transaction((from: number, to: number) => {
      for (let c = from; c < to; c++) {
        for (const u of [c % 1000, (c * 7 + 3) % 1000]) {
          const a = `et${(c * 31 + u) % tagCount}`;
          const b = `et${(c * 17 + u * 5 + 1) % tagCount}`;
          const tags = a === b ? [a] : [a, b];
          rel.run(WS, `wm${c}`, `u${u}`, JSON.stringify(tags), c % 10 === 0 && u === c % 1000 ? 1 : null);
          for (const t of tags) ft.run(WS, t, `wm${c}`, `u${u}`);
        }
      }
    });
    for (let c = 0; c < customers; c += 20_000) batch(c, Math.min(customers, c + 20_000));
    const tag = s.prepare("insert into corp_tag (work_space_id, id, group_id, name) values (?, ?, ?, ?)");
    s.transaction(() => {
      for (let t = 0; t < tagCount; t++) tag.run(WS, `et${t}`, `eg${Math.floor(t / 10)}`, `标签${t}`);
    })();
    s.exec('analyze');
  } else {
    await db.transaction().execute(async (trx) => {
      // no account or work space row: only the two tables are measured
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`insert into follow_relation (work_space_id, external_userid, userid, tag_ids, deleted_at)
        select ${WS}::int, 'wm' || c, 'u' || u, '[]', case when c % 10 = 0 and u = c % 1000 then 1 else null end
        from generate_series(0, ${customers - 1}) c, lateral (values (c % 1000), ((c * 7 + 3) % 1000)) v(u)`.execute(trx);
      await sql`insert into corp_tag (work_space_id, id, group_id, name)
        select ${WS}::int, 'et' || t, 'eg' || (t / 10), '标签' || t from generate_series(0, ${tagCount - 1}) t`.execute(trx);
      await sql`insert into follow_tag (work_space_id, tag_id, external_userid, userid)
        select distinct ${WS}::int, 'et' || t, 'wm' || c, 'u' || u
        from generate_series(0, ${customers - 1}) c, lateral (values (c % 1000), ((c * 7 + 3) % 1000)) v(u),
          lateral (values ((c * 31 + u) % ${tagCount}), ((c * 17 + u * 5 + 1) % ${tagCount})) w(t)`.execute(trx);
    });
    await sql`analyze`.execute(db);
    for (const t of ['tag_customer_count', 'tag_count_state']) await sql.raw(`alter table ${t} drop constraint ${t}_work_space_id_fkey`).execute(db);
  }
  const [{ n: relations }] = (await sql<{ n: number }>`select count(*) as n from follow_relation`.execute(db)).rows;
  const [{ n: tagRows }] = (await sql<{ n: number }>`select count(*) as n from follow_tag`.execute(db)).rows;
  console.log(`${database.dialect}: seeded ${customers} customers, ${relations} relations, ${tagRows} follow_tag rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const repo = new TagRepository(database);
  const times: number[] = [];
  let counted = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    counted = (await repo.customerCounts(WS)).size;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`customerCounts: ${counted} tags, median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`);
  // what the tag page reads: the stored counts (counted by the tag_count job)
  const tr = performance.now();
  await repo.recount(WS);
  const recountMs = performance.now() - tr;
  const reads: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await repo.storedCounts(WS);
    reads.push(performance.now() - t);
  }
  reads.sort((a, b) => a - b);
  console.log(`recount (job) ${recountMs.toFixed(0)} ms; storedCounts (page) median ${reads[Math.floor(reads.length / 2)]!.toFixed(1)} ms`);
  // the plan: of one range of customers on SQLite, of the one statement on PostgreSQL
  const q = db
    .selectFrom('follow_relation as fr')
    .innerJoin('follow_tag as ft', (j) => j.onRef('ft.work_space_id', '=', 'fr.work_space_id').onRef('ft.external_userid', '=', 'fr.external_userid').onRef('ft.userid', '=', 'fr.userid'))
    .select((eb) => ['ft.tag_id', eb.fn.count('fr.external_userid').distinct().as('n')])
    .where('fr.work_space_id', '=', WS)
    .where('fr.deleted_at', 'is', null)
    .$if(!!database.sqlite, (qb) => qb.where('fr.external_userid', '>', 'wm1').where('fr.external_userid', '<=', 'wm2'))
    .groupBy('ft.tag_id')
    .compile();
  const plan = database.sqlite
    ? database.sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[]))
    : (await sql.raw(`explain ${q.sql.replace(/\$(\d+)/g, (_, n) => { const v = q.parameters[Number(n) - 1]; return typeof v === 'string' ? `'${v}'` : String(v); })}`).execute(db)).rows;
  console.log(JSON.stringify(plan, null, 1));
} finally {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  if (admin) {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`drop database if exists ${dbName}`);
    await c.end();
  }
}
