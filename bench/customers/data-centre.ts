// Data centre benchmark: p50/p95 of each /api/qw/data/customer/* call over the last 365 days (and a year
// ending a month ago, which cannot use the blocks that run past today), against
// the work space bench/customers/seed.ts made (run it first, with the same DATA_DIR / DATABASE_URL).
// One server process, calls one after another (the latency of a call, not throughput).
// Usage: node --import tsx bench/customers/data-centre.ts [--runs=40]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { dayKey, DAY_MS } from '@scrm/contracts/china-time';
// @ts-expect-error plain .mjs helpers shared with the launchers
import { numberArg } from '../../scripts/lib.mjs';
import { benchStack } from './bench-stack.js';

const runs = numberArg('runs', 40);

const stack = await benchStack(3951);
const count = async (table: 'customer' | 'customer_event' | 'customer_daily') =>
  stack.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('work_space_id', '=', stack.wsId).executeTakeFirstOrThrow();
const customers = await count('customer');
const events = await count('customer_event');
const rollups = await count('customer_daily');
try {
  const end = dayKey(Date.now());
  const year = { start: dayKey(Date.now() - 364 * DAY_MS), end };
  // A year that does not reach today: read as exact blocks only (months, 旬, edge days), the worst case.
  const past = { start: dayKey(Date.now() - 394 * DAY_MS), end: dayKey(Date.now() - 30 * DAY_MS) };
  const call = async (path: string, body: unknown) => {
    const t = performance.now();
    const res = await stack.fetchRaw(`qw/data/customer/${path}`, body);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
    return { ms: performance.now() - t, text };
  };
  const cases: Array<[string, string, unknown]> = [
    ['totals (overview)', 'overview', year],
    ['day series', 'day', year],
    ['day series, one member', 'day', { ...year, userid: 'bench_user_7' }],
    ['by member (top 50)', 'member', year],
    ['by code (top 50)', 'code', year],
    ['by tag (top 50)', 'tag', year],
    ['retention', 'retention', year],
    ['export (CSV)', 'export', year],
    ['past year: overview', 'overview', past],
    ['past year: by member', 'member', past],
    ['past year: by tag', 'tag', past],
    ['past year: export', 'export', past],
  ];
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
  console.log(`\nData centre — ${Number(customers?.n).toLocaleString()} customers, ${Number(events?.n).toLocaleString()} events, ${Number(rollups?.n).toLocaleString()} roll-up rows, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; 365 days (${year.start} … ${year.end}), ${runs} runs each\n`);
  console.log(`past year: ${past.start} … ${past.end}`);
  console.log(`${'call'.padEnd(26)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}`);
  for (const [name, path, body] of cases) {
    await call(path, body); // warm
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push((await call(path, body)).ms);
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(26)} ${pct(times, 0.5).toFixed(1).padStart(6)} ms ${pct(times, 0.95).toFixed(1).padStart(6)} ms`);
  }
  console.log(`\nload average while measured: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (on ${(await import('node:os')).cpus().length} cores)`);
  const overview = JSON.parse((await call('overview', year)).text).data;
  console.log(`\nyear totals: ${JSON.stringify(overview)}`);
} finally {
  await stack.stop();
}
