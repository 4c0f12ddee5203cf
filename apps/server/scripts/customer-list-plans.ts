// The customer list at a million customers: seeds a work space (DB_URL for PostgreSQL, else SQLite in
// /tmp/custbench/sqlite), then times every filter (`time`) or prints the plans (`explain`). docs/customers.md holds the figures.
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrations.js';
import { CustomerListRepository, type RelationFilter } from '../src/customer/customer-list.repository.js';

const url = process.env.DB_URL;
const db = openDatabase({ databaseUrl: url, dataDir: '/tmp/custbench/sqlite' });
const k = db.kysely;
const N = Number(process.env.N ?? 1_000_000);
const WS = 1;
const pg = db.dialect === 'postgres';

async function seed() {
  await migrateToLatest(k, db.dialect);
  const have = await sql<{ n: number }>`select count(*) as n from customer`.execute(k);
  if (Number(have.rows[0]!.n) >= N) return;
  console.log('seeding', N);
  const t0 = Date.now();
  if (pg) await sql`set session_replication_role = replica`.execute(k);
  else db.sqlite!.pragma('foreign_keys = OFF');
  const base = Date.UTC(2025, 10, 26);
  if (pg) {
    await sql`insert into member (work_space_id, userid, name, department, status, position, avatar, is_follow_user)
      select 1, 'u' || i, '成员' || i, '[1]', 1, '', '', 1 from generate_series(0, 199) i`.execute(k);
    await sql`insert into corp_tag (work_space_id, id, group_id, name, "order", create_time)
      select 1, 't' || i, 'g' || (i / 30), '标签' || i, i, 0 from generate_series(0, 2999) i`.execute(k);
    await sql`insert into customer (work_space_id, external_userid, name, avatar, type, gender, unionid, corp_name, updated_at)
      select 1, 'wm' || lpad(i::text, 8, '0'), '客户' || i, '', case when i % 7 = 0 then 2 else 1 end, i % 3, '', '', 0 from generate_series(0, ${N - 1}) i`.execute(k);
    await sql`insert into follow_relation (work_space_id, external_userid, userid, remark, description, createtime, tag_ids, add_way, state, oper_userid, deleted_at, deleted_by_customer_at, remark_mobiles)
      select 1, 'wm' || lpad(i::text, 8, '0'), 'u' || ((i * 7 + j * 13) % 200), case when i % 10 = 0 then '备注' || i else '' end, '',
        ${base}::bigint + ((i::bigint * 7919 + j * 104729) % 31536000) * 1000, '[]', (i + j) % 5, case when i % 3 = 0 then 'cw' || (i % 50) else '' end, '',
        case when i % 20 = 0 and j = 1 then ${base}::bigint else null end, case when i % 25 = 0 and j = 0 then ${base}::bigint else null end, '[]'
      from generate_series(0, ${N - 1}) i, generate_series(0, 1) j`.execute(k);
    await sql`insert into follow_tag (work_space_id, tag_id, external_userid, userid)
      select distinct 1, 't' || ((i * 31 + j * 17 + n * 1013) % 3000), 'wm' || lpad(i::text, 8, '0'), 'u' || ((i * 7 + j * 13) % 200)
      from generate_series(0, ${N - 1}) i, generate_series(0, 1) j, generate_series(0, 1) n where n = 0 or (i + j) % 2 = 0`.execute(k);
    await sql`analyze`.execute(k);
  } else {
    const s = db.sqlite!;
    s.exec(`insert into member (work_space_id, userid, name, department, status, position, avatar, is_follow_user)
      with recursive n(i) as (select 0 union all select i + 1 from n where i < 199) select 1, 'u' || i, '成员' || i, '[1]', 1, '', '', 1 from n`);
    s.exec(`insert into corp_tag (work_space_id, id, group_id, name, "order", create_time)
      with recursive n(i) as (select 0 union all select i + 1 from n where i < 2999) select 1, 't' || i, 'g' || (i / 30), '标签' || i, i, 0 from n`);
    s.exec(`insert into customer (work_space_id, external_userid, name, avatar, type, gender, unionid, corp_name, updated_at)
      with recursive n(i) as (select 0 union all select i + 1 from n where i < ${N - 1})
      select 1, 'wm' || printf('%08d', i), '客户' || i, '', case when i % 7 = 0 then 2 else 1 end, i % 3, '', '', 0 from n`);
    s.exec(`insert into follow_relation (work_space_id, external_userid, userid, remark, description, createtime, tag_ids, add_way, state, oper_userid, deleted_at, deleted_by_customer_at, remark_mobiles)
      with recursive n(i) as (select 0 union all select i + 1 from n where i < ${N - 1}), m(j) as (select 0 union all select 1)
      select 1, 'wm' || printf('%08d', i), 'u' || ((i * 7 + j * 13) % 200), case when i % 10 = 0 then '备注' || i else '' end, '',
        ${base} + ((i * 7919 + j * 104729) % 31536000) * 1000, '[]', (i + j) % 5, case when i % 3 = 0 then 'cw' || (i % 50) else '' end, '',
        case when i % 20 = 0 and j = 1 then ${base} else null end, case when i % 25 = 0 and j = 0 then ${base} else null end, '[]'
      from n, m`);
    s.exec(`insert or ignore into follow_tag (work_space_id, tag_id, external_userid, userid)
      with recursive n(i) as (select 0 union all select i + 1 from n where i < ${N - 1}), m(j) as (select 0 union all select 1), p(q) as (select 0 union all select 1)
      select 1, 't' || ((i * 31 + j * 17 + q * 1013) % 3000), 'wm' || printf('%08d', i), 'u' || ((i * 7 + j * 13) % 200) from n, m, p where q = 0 or (i + j) % 2 = 0`);
    s.exec('analyze');
  }
  // Codes: states cw0..cw49.
  for (let i = 0; i < 50; i++)
    await sql`insert into contact_way (work_space_id, kind, name, qr_code, state, way_type, skip_verify, distribution, daily_cap, schedule, tag_ids, welcome, current_users, status, remark, created_at, updated_at)
      values (1, 'channel', ${'码' + i}, '', ${'cw' + i}, 2, 1, 'in_order', 0, '[]', '[]', '{}', '[]', 'active', '', 0, 0)`.execute(k);
  console.log('seeded in', Date.now() - t0, 'ms');
}

const cases: Array<[string, RelationFilter]> = [
  ['none', {}],
  ['one member', { userids: ['u7'] }],
  ['three members', { userids: ['u7', 'u8', 'u9'] }],
  ['tag any (2)', { tagIds: ['t1', 't2'], tagMode: 'any' }],
  ['tag all (2)', { tagIds: ['t1', 't1014'], tagMode: 'all' }],
  ['tag none (2)', { tagIds: ['t1', 't2'], tagMode: 'none' }],
  ['code', { contactWayIds: [1] }],
  ['time 30 days', { addedFrom: Date.UTC(2026, 5, 1), addedTo: Date.UTC(2026, 6, 1) }],
  ['gender', { gender: 2 }],
  ['add way', { addWay: 3 }],
  ['status deleted_by_member', { status: 'deleted_by_member' }],
  ['keyword', { keyword: '备注12' }],
  ['member + tag any', { userids: ['u7'], tagIds: ['t1', 't2'], tagMode: 'any' }],
  ['member + time + gender', { userids: ['u7'], addedFrom: Date.UTC(2026, 5, 1), addedTo: Date.UTC(2026, 6, 1), gender: 1 }],
];

async function main() {
  await seed();
  const repo = new CustomerListRepository(db);
  const mode = process.argv[2] ?? 'time';
  if (mode === 'explain') {
    for (const [name, f] of cases.filter(([n]) => !process.env.ONLY || n === process.env.ONLY)) {
      console.log('\n### ' + name + '\n');
      const plan = await repo.plan(WS, f);
      console.log('plan: ' + JSON.stringify(plan) + '\n');
      for (const [label, q] of [['page', repo.pageQuery(WS, f, plan, 'desc', 0, 20)], ['count', repo.countQuery(WS, f, plan, 1_000, plan.kind === 'members' ? plan.userids[0] : undefined)]] as const) {
        const c = q.compile(k);
        console.log(label + ':\n```');
        if (pg) {
          const r = await db.pgPool!.query('explain (analyze, costs off, timing off, summary on) ' + c.sql, c.parameters as unknown[]);
          console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
        } else {
          const rows = db.sqlite!.prepare('explain query plan ' + c.sql).all(...(c.parameters as unknown[])) as Array<{ id: number; parent: number; detail: string }>;
          const depth = new Map<number, number>();
          for (const r of rows) { const d = (depth.get(r.parent) ?? -1) + 1; depth.set(r.id, d); console.log('  '.repeat(d) + r.detail); }
        }
        console.log('```');
      }
    }
    return;
  }
  console.log('| filter | page p50 | page p95 | count p50 | count p95 | page+count p95 | total |');
  for (const [name, f] of cases.filter(([n]) => !process.env.ONLY || n === process.env.ONLY)) {
    const page: number[] = [];
    const count: number[] = [];
    const both: number[] = [];
    let total = 0;
    for (let i = 0; i < Number(process.env.RUNS ?? 15); i++) {
      let t = performance.now();
      const plan = await repo.plan(WS, f);
      await repo.page(WS, f, 'desc', (i % 3) * 20, 20, plan);
      page.push(performance.now() - t);
      t = performance.now();
      total = await repo.count(WS, f, 1_000, plan);
      count.push(performance.now() - t);
      both.push(page[page.length - 1]! + count[count.length - 1]!);
    }
    const q = (a: number[], p: number) => a.sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))]!.toFixed(1);
    console.log(`| ${name} | ${q(page, 0.5)} | ${q(page, 0.95)} | ${q(count, 0.5)} | ${q(count, 0.95)} | ${q(both, 0.95)} | ${total > 1_000 ? '>1000' : total} |`);
  }
}
main().then(() => db.close(), (e) => { console.error(e); process.exit(1); });
