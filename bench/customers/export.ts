// Customer export benchmark: time and the server's peak RSS while /api/qw/customer/export streams
// 100,000 rows and more (a range of add days holding about that many relations), against the work space
// bench/customers/seed.ts made (same DATA_DIR / DATABASE_URL). The peak is the server process's VmHWM,
// reset before each export (/proc/<pid>/clear_refs), so each figure is that export's own.
// Usage: node --import tsx bench/customers/export.ts [--rows=100000,300000,1000000]
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { dayKey, DAY_MS } from '@scrm/contracts/china-time';
import { benchStack, dbName, load } from './bench-stack.js';

const sizes = (process.argv.find((a) => a.startsWith('--rows='))?.slice(7) ?? '100000,300000,1000000').split(',').map(Number);
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
const status = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

const s = await benchStack(3981);
try {
  const k = s.db.kysely;
  const newest = await k.selectFrom('follow_relation').select((eb) => eb.fn.max('createtime').as('t')).where('work_space_id', '=', s.wsId).executeTakeFirstOrThrow();
  const end = Number(newest.t);
  console.log(`\nCustomer export — ${dbName()}; the server's peak RSS during each export (idle before: ${mb(status(s.serverPid, 'VmRSS'))})\n`);
  console.log('| rows | time | rows/s | file | peak RSS |');
  console.log('|---|---|---|---|---|');
  for (const want of sizes) {
    // The add days that hold about `want` relations, counting back from the newest.
    let from = end;
    for (let days = 1; ; days++) {
      from = end - days * DAY_MS;
      const n = await k.selectFrom('follow_relation').select((eb) => eb.fn.countAll<number>().as('n')).where('work_space_id', '=', s.wsId).where('createtime', '>=', from).executeTakeFirstOrThrow();
      if (Number(n.n) >= want || days > 400) break;
    }
    const filter = { addedFrom: dayKey(from), addedTo: dayKey(end) };
    const rows = await k
      .selectFrom('follow_relation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('work_space_id', '=', s.wsId)
      .where('createtime', '>=', Date.parse(`${filter.addedFrom}T00:00:00+08:00`))
      .executeTakeFirstOrThrow();
    writeFileSync(`/proc/${s.serverPid}/clear_refs`, '5');
    const t = performance.now();
    const res = await s.fetchRaw('qw/customer/export', filter);
    if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
    const sec = (performance.now() - t) / 1000;
    console.log(`| ${Number(rows.n).toLocaleString()} | ${sec.toFixed(1)} s | ${Math.round(Number(rows.n) / sec).toLocaleString()} | ${(bytes / 2 ** 20).toFixed(1)} MB | ${mb(status(s.serverPid, 'VmHWM'))} |`);
  }
  console.log(`\n${load()}`);
} finally {
  await s.stop();
}
