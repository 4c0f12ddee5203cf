// Customer list benchmark: p50/p95 of /api/qw/customer/list (a page of 20 with its total) for each
// filter and some combinations, against the work space bench/customers/seed.ts made (run it first,
// with the same DATA_DIR / DATABASE_URL). One server process, calls one after another.
//   first answer — no count of the filter kept (the cache emptied before each call): the page, the
//     count up to 1,000 and, beyond, the background count queued (the answer says 「统计中…」);
//     "exact after" is when /customer/count had the exact figure (the page polls it);
//   paging — pages 1–5 again while that count is fresh (what an operator paging through sees).
// --explain prints each filter's plan instead (CustomerListRepository in this process: EXPLAIN QUERY
// PLAN on SQLite, EXPLAIN (ANALYZE) on PostgreSQL, of the page and of the count up to 1,000).
// --buffers (with --explain, PostgreSQL): EXPLAIN (ANALYZE, BUFFERS) with timings — buffer counts hold
// steady on a busy machine where times do not.
// Usage: node --import tsx bench/customers/list.ts [--runs=20] [--first=5] [--only=<case name part>] [--explain [--buffers]] [--port=3971]
import { performance } from 'node:perf_hooks';
import { CUSTOMER_COUNT_CAP } from '@scrm/contracts/customer';
import { CustomerListRepository } from '../../apps/server/src/customer/customer-list.repository.js';
import { relationFilter } from '../../apps/server/src/customer/customer-list.service.js';
import type { Database } from '../../apps/server/src/db/database.js';
import { dayKey, DAY_MS } from '@scrm/contracts/china-time';
// @ts-expect-error plain .mjs helpers shared with the launchers
import { numberArg } from '../../scripts/lib.mjs';
import { benchStack, dbName, load, pct } from './bench-stack.js';

const runs = numberArg('runs', 20);
const firstRuns = numberArg('first', 5);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function explain(db: Database, wsId: number, cases: Array<[string, Record<string, unknown>]>) {
  const repo = new CustomerListRepository(db);
  for (const [name, body] of cases) {
    if (only && !name.includes(only)) continue;
    const f = relationFilter(body);
    const plan = await repo.plan(wsId, f);
    console.log(`\n#### ${name}\n\nplan: ${JSON.stringify(plan.kind === 'rows' ? { ...plan, rows: plan.rows.length } : plan)}\n`);
    // A driver's plan reads the page and the total in one query (the plan's own); others walk twice.
    const queries =
      plan.kind === 'rows'
        ? ([['rows (page and total)', repo.drivenQuery(wsId, plan.remarksOnly ? { ...f, keywordIn: 'remark' } : f, plan.driver)]] as const)
        : ([
            ['page', repo.pageQuery(wsId, f, plan, 'desc', 0, 20)],
            ['count', repo.countQuery(wsId, f, plan, CUSTOMER_COUNT_CAP, plan.kind === 'branches' ? plan.values[0] : undefined)],
          ] as const);
    for (const [label, q] of queries) {
      const c = q.compile(db.kysely);
      console.log(`${label}:\n\`\`\``);
      if (db.pgPool) {
        const opts = process.argv.includes('--buffers') ? 'analyze, buffers, costs off, summary on' : 'analyze, costs off, timing off, summary on';
        const r = await db.pgPool.query(`explain (${opts}) ${c.sql}`, c.parameters as unknown[]);
        console.log(r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n'));
      } else {
        const rows = db.sqlite!.prepare(`explain query plan ${c.sql}`).all(...(c.parameters as unknown[])) as Array<{ id: number; parent: number; detail: string }>;
        const depth = new Map<number, number>();
        for (const r of rows) {
          const d = (depth.get(r.parent) ?? -1) + 1;
          depth.set(r.id, d);
          console.log('  '.repeat(d) + r.detail);
        }
      }
      console.log('```');
    }
  }
}

async function measure(cases: Array<[string, Record<string, unknown>]>, tagHeld: number) {
  const customers = await s.db.kysely.selectFrom('customer').select((eb) => eb.fn.countAll<number>().as('n')).where('work_space_id', '=', s.wsId).executeTakeFirstOrThrow();
  console.log(
    `\nCustomer list — ${Number(customers.n).toLocaleString()} customers, ${dbName()}; tags etbench1+2 on ${tagHeld.toLocaleString()} relations; ` +
      `${firstRuns} first answers and ${runs} paging calls per filter (ms)\n`,
  );
  console.log(`| filter | first p50 | first p95 | exact after | paging p50 | paging p95 | total |`);
  console.log(`|---|---|---|---|---|---|---|`);
  const clear = () => s.db.kysely.deleteFrom('customer_count').where('work_space_id', '=', s.wsId).execute();
  const timed = async (body: Record<string, unknown>) => {
    const t = performance.now();
    const data = await s.call('qw/customer/list', body);
    return { ms: performance.now() - t, data };
  };
  /** Polls /customer/count as the page does until the exact total is there; ms since `since`. */
  const settle = async (filter: Record<string, unknown>, since: number) => {
    for (;;) {
      const c = await s.call('qw/customer/count', filter);
      if (!c.counting) return { ms: performance.now() - since, total: c.total as number };
      await sleep(50);
    }
  };
  for (const [name, filter] of cases) {
    if (only && !name.includes(only)) continue;
    await clear();
    await timed(filter); // warm
    await settle(filter, performance.now());
    const first: number[] = [];
    const exactAfter: number[] = [];
    let answered = '';
    let exact = 0;
    for (let i = 0; i < firstRuns; i++) {
      await clear();
      const t = performance.now();
      const r = await timed(filter);
      first.push(r.ms);
      answered = r.data.totalExact ? 'exact' : `统计中 (>${r.data.total})`;
      const settled = r.data.counting ? await settle(filter, t) : { ms: r.ms, total: r.data.total };
      exactAfter.push(settled.ms);
      exact = settled.total;
    }
    const paging: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await timed({ ...filter, page: (i % 5) + 1 });
      paging.push(r.ms);
      if (!r.data.totalExact) await settle(filter, performance.now()); // the minute ran out: counted again, untimed
    }
    const f = (n: number) => n.toFixed(1);
    console.log(
      `| ${name} | ${f(pct(first, 0.5))} | ${f(pct(first, 0.95))} | ${f(pct(exactAfter, 0.5))} | ${f(pct(paging, 0.5))} | ${f(pct(paging, 0.95))} | ${exact.toLocaleString()} (${answered}) |`,
    );
  }
}

const s = await benchStack(numberArg('port', 3971));
try {
  const codes = (await s.db.kysely.selectFrom('contact_way').select('id').where('work_space_id', '=', s.wsId).orderBy('id').limit(3).execute()).map((c) => Number(c.id));
  const tagHeld = await s.db.kysely
    .selectFrom('follow_tag')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('work_space_id', '=', s.wsId)
    .where('tag_id', 'in', ['etbench1', 'etbench2'])
    .executeTakeFirstOrThrow();
  const month = { addedFrom: dayKey(Date.now() - 60 * DAY_MS), addedTo: dayKey(Date.now() - 31 * DAY_MS) };
  const member = 'bench_user_7';
  const cases: Array<[string, Record<string, unknown>]> = [
    ['none', {}],
    ['one member', { userids: [member] }],
    ['three members', { userids: [member, 'bench_user_8', 'bench_user_9'] }],
    ['tag any (2)', { tagIds: ['etbench1', 'etbench2'], tagMode: 'any' }],
    ['tag all (2)', { tagIds: ['etbench1', 'etbench2'], tagMode: 'all' }],
    ['tag none (2)', { tagIds: ['etbench1', 'etbench2'], tagMode: 'none' }],
    ['code (1)', { contactWayIds: codes.slice(0, 1) }],
    ['codes (3)', { contactWayIds: codes }],
    ['add time 30 days', month],
    ['gender', { gender: 2 }],
    ['add way', { addWay: 0 }],
    ['status deleted_by_member', { status: 'deleted_by_member' }],
    ['status live', { status: 'live' }],
    ['word, rare (复购意向-041)', { keyword: '复购意向-041' }],
    ['word, some (杭州-复购)', { keyword: '杭州-复购' }],
    ['word, common (复购意向)', { keyword: '复购意向' }],
    ['word, 2 characters (王伟)', { keyword: '王伟' }],
    ['word, 1 character (伟)', { keyword: '伟' }],
    ['member + tag any', { userids: [member], tagIds: ['etbench1', 'etbench2'], tagMode: 'any' }],
    ['member + time + gender', { userids: [member], ...month, gender: 1 }],
    ['tag any + time', { tagIds: ['etbench1', 'etbench2'], tagMode: 'any', ...month }],
    ['code + gender + live', { contactWayIds: codes.slice(0, 1), gender: 1, status: 'live' }],
    ['word + member', { keyword: '杭州-复购', userids: [member] }],
    ['three members + status', { userids: [member, 'bench_user_8', 'bench_user_9'], status: 'deleted_by_customer' }],
  ];
  if (process.argv.includes('--explain')) await explain(s.db, s.wsId, cases);
  else await measure(cases, Number(tagHeld.n));
  console.log(`\n${load()}`);
} finally {
  await s.stop();
}
