// Retroactive auto-tag benchmark (自动标签 补打): a corp of `--customers` customers (default 100,000) with
// their follow relations, a rule that matches every relation (added any day, any time), saved with 补打;
// prints the WeCom calls the run made against the minimum (one mark_tag per relation that lacks the tag;
// none for those that already carry it), the time the run took against the bound WeCom's rate limit sets
// (10,000 calls a minute and 150,000 an hour per corp and API), and a re-run, which must ask WeCom nothing.
// The customers are made by the simulator (so WeCom knows the relations mark_tag names) and reach our
// database by the first sync, as a connected corp's do.
// Usage: node --import tsx bench/auto-tag.ts [--customers=100000] [--port=3961 (the simulator takes the next)]   (DATABASE_URL=postgres://… for PostgreSQL)
// @ts-expect-error plain .mjs helpers shared with the launchers
import { numberArg, startBenchStack } from '../scripts/lib.mjs';
// @ts-expect-error plain .mjs helpers shared with the launchers
import { stackClient } from '../scripts/stack-client.mjs';

const customers = numberArg('customers', 100_000);
const port = numberArg('port', 3961);
const simPort = port + 1;
const server = `http://127.0.0.1:${port}`;
const sim = `http://127.0.0.1:${simPort}`;
const PER_MINUTE = 10_000;
const PER_HOUR = 150_000;

/** The least time WeCom's windows allow for `calls` calls of one API (the first window's are free). */
function rateBoundSeconds(calls: number): number {
  const minutes = Math.floor(Math.max(0, calls - 1) / PER_MINUTE);
  const hours = Math.floor(Math.max(0, calls - 1) / PER_HOUR);
  return Math.max(minutes * 60, hours * 3600);
}

const stack = await startBenchStack({ port, simPort, env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' } });
try {
  const client = stackClient({ server, sim, simToken: stack.simToken });
  const token = await client.registerAccount('13800000013', 'bench1234');
  const members = Math.max(20, Math.ceil(customers / 1000));
  const seeded = Date.now();
  const { corp, work } = await client.connectSampleCorp(token, {
    name: '自动标签压测',
    seed: 'bench-auto-tag',
    size: { departments: 5, members, customers, groups: 10, tags: 20 },
  });
  await client.waitForSync(token, work.id);
  const seedSeconds = (Date.now() - seeded) / 1000;
  const call = client.inWorkSpace(token, work.id);

  // The minimum, from WeCom's side: relations still followed (not deleted by the customer) without the tag.
  const snap = (await (await client.simFetch(`/control/corps/${corp.corpId}/snapshot`)).json()) as any;
  const tagId: string = snap.tagGroups[0].tag[0].id;
  let relations = 0;
  let lacking = 0;
  for (const c of snap.customers)
    for (const f of c.follow_user) {
      if (f.deleted_by_customer) continue;
      relations++;
      if (!f.tags.some((t: any) => t.tag_id === tagId)) lacking++;
    }

  const markTags = async () => {
    const calls = (await (await client.simFetch(`/control/calls?corpId=${corp.corpId}`)).json()).calls as Record<string, number>;
    return calls['externalcontact/mark_tag'] ?? 0;
  };
  // The console must keep answering while a run goes: the slowest detail answer shows the longest the
  // server was held.
  let slowest = 0;
  const runToEnd = async (id: number) => {
    for (;;) {
      const asked = performance.now();
      const d = await call('qw/tag/auto/detail', { id });
      slowest = Math.max(slowest, performance.now() - asked);
      if (d.run.status === 'done' || d.run.status === 'failed') return d;
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  const before = await markTags();
  const started = Date.now();
  const rule = await call('qw/tag/auto/add', {
    name: '全部客户',
    tagIds: [tagId],
    condition: { kind: 'time', rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '24:00' }] },
  });
  const done = await runToEnd(rule.id);
  const runSeconds = (Date.now() - started) / 1000;
  const made = (await markTags()) - before;

  const again = Date.now();
  await call('qw/tag/auto/run', { id: rule.id });
  const rerun = await runToEnd(rule.id);
  const rerunSeconds = (Date.now() - again) / 1000;
  const rerunCalls = (await markTags()) - before - made;

  const bound = rateBoundSeconds(lacking);
  console.log(`\nRetroactive auto-tag — ${customers.toLocaleString()} customers, ${relations.toLocaleString()} follow relations, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`);
  console.log(`corp made in the simulator and synced in ${seedSeconds.toFixed(1)} s`);
  console.log(`run: ${done.run.status}; matched ${done.run.matched.toLocaleString()}, done ${done.run.done.toLocaleString()}, failed ${done.run.failed}`);
  console.log(`mark_tag calls: ${made.toLocaleString()} (minimum ${lacking.toLocaleString()}: relations lacking the tag; ${(relations - lacking).toLocaleString()} already had it)`);
  console.log(
    `time: ${runSeconds.toFixed(1)} s = ${(done.run.matched / runSeconds).toFixed(0)} relations/s, ${(made / runSeconds).toFixed(0)} calls/s; the rate limit's bound for ${lacking.toLocaleString()} calls: ${bound} s`,
  );
  console.log(`slowest answer to the detail page's poll during the runs: ${Math.round(slowest)} ms`);
  console.log(`re-run: ${rerun.run.status}, ${rerun.run.done.toLocaleString()} relations in ${rerunSeconds.toFixed(1)} s, mark_tag calls ${rerunCalls}`);
} finally {
  await stack.stop();
}
