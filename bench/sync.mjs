// Sync benchmark: the first full sync of a sample corp (default 1,000 members / 200,000
// customers) through the server into its database, with the simulator enforcing WeCom's
// published rate limits. Prints seconds, rows, and the WeCom calls made beside the
// minimum the API allows, and the bound WeCom's limits put on the sync's time (below). Usage: node bench/sync.mjs [--members=1000] [--customers=200000]
// [--port=3921] [--sim-port=3922] [--after=0] [--latency=0] [--profile] (DATABASE_URL=postgres://… to sync into PostgreSQL, in a fresh
// database the bench creates and drops, its name prefixed BENCH_DATABASE_PREFIX). --after=S: go on
// asking /api/health for S seconds after the sync, while the data centre's rebuild that a first sync
// queues runs, and print the slowest answer of that time apart. --latency=MS: every WeCom call of the
// corp answered MS later (the simulator's latency fault), as a real corp's round trips are (tens of
// milliseconds from China's networks), where the simulator answers at once.
import { cpuMeter, cpuProfileArgs, numberArg, startBenchStack } from '../scripts/lib.mjs';
import { stackClient } from '../scripts/stack-client.mjs';

const members = numberArg('members', 1000);
const customers = numberArg('customers', 200_000);
const port = numberArg('port', 3921);
const simPort = numberArg('sim-port', 3922);
const server = `http://127.0.0.1:${port}`;
const sim = `http://127.0.0.1:${simPort}`;

// --profile: the server runs with `--cpu-prof` and writes bench/profiles/sync-<time>.cpuprofile when the
// bench stops it (`node bench/profile-top.mjs <file>` prints its top functions).
const profile = process.argv.includes('--profile');
const stack = await startBenchStack({
  port,
  simPort,
  nodeArgs: profile ? cpuProfileArgs('sync') : [],
});
try {
  const client = stackClient({ server, sim, simToken: stack.simToken });
  const token = await client.registerAccount('13800000002', 'bench1234');
  const size = { departments: Math.max(3, Math.round(members / 20)), members, customers, groups: Math.round(customers / 200), tags: 50 };
  const t0 = Date.now();
  const corp = await client.control('/control/corps', { name: '压测企业', seed: 'bench-sync', size });
  const generated = Date.now() - t0;
  const latency = numberArg('latency', 0);
  if (latency) await client.control('/control/faults', { kind: 'latency', corpId: corp.corpId, ms: latency });
  const work = await client.api('qw/add', { accessType: 'internal', nickname: '压测企业', corpId: corp.corpId, agentId: String(corp.agentId), secret: corp.secret }, token);
  const t1 = Date.now();
  const cpu = await cpuMeter(stack.processes, stack.backends);
  // While the sync runs, the console must keep answering: the slowest /api/health answer shows the
  // longest the server was held (one write slice on SQLite).
  let syncing = true;
  let slowest = 0;
  const probeUntil = async (going) => {
    let worst = 0;
    while (going()) {
      const s = performance.now();
      await fetch(`${server}/api/health`);
      worst = Math.max(worst, performance.now() - s);
      await new Promise((r) => setTimeout(r, 100));
    }
    return worst;
  };
  const probe = probeUntil(() => syncing).then((worst) => (slowest = worst));
  // When each phase was first seen (the progress is read every 250 ms): how long each took.
  const phaseSeen = [];
  const sync = await client.waitForSync(token, work.id, (p) => {
    if (p.phase && p.phase !== phaseSeen.at(-1)?.phase) phaseSeen.push({ phase: p.phase, at: Date.now() });
    process.stdout.write(`\r  ${p.phase || '…'} ${p.percent}%      `);
  });
  const seconds = (Date.now() - t1) / 1000;
  const cpuUsed = await cpu();
  syncing = false;
  await probe;
  const afterSeconds = numberArg('after', 0);
  const afterEnd = Date.now() + afterSeconds * 1000;
  const slowestAfter = afterSeconds ? await probeUntil(() => Date.now() < afterEnd) : 0;
  const { calls, total } = await (await client.simFetch(`/control/calls?corpId=${corp.corpId}`)).json();
  const { list } = await (await client.simFetch(`/control/corps`)).json();
  const counts = list.find((c) => c.corpId === corp.corpId);
  const relations = counts.follows;
  const groups = counts.groups;
  const minimum = {
    gettoken: 1,
    'department/list': 1,
    'user/list': 1,
    'externalcontact/get_follow_user_list': 1,
    'externalcontact/get_corp_tag_list': 1,
    'externalcontact/groupchat/list': Math.max(1, Math.ceil(groups / 1000)),
    'externalcontact/groupchat/get': groups,
    'externalcontact/batch/get_by_user': Math.max(1, Math.ceil(relations / 100)),
  };
  const minTotal = Object.values(minimum).reduce((a, b) => a + b, 0);
  const bound = await boundOf(corp, calls);
  console.log(`\n\nSync benchmark — ${members} members, ${customers} customers (${relations} follow relations, ${groups} groups), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`);
  console.log(`simulator generated the corp in ${(generated / 1000).toFixed(1)} s${latency ? `; every WeCom call answered ${latency} ms late (--latency)` : ''}`);
  console.log(`full sync: ${sync.status} in ${seconds.toFixed(1)} s${sync.error ? ` (${sync.error})` : ''} — bound ${bound.seconds.toFixed(1)} s, ${(seconds / bound.seconds).toFixed(1)}× the bound`);
  for (const line of bound.how) console.log(`  ${line}`);
  console.log(
    `  at WeCom's sustained rate instead (each API's calls spread evenly over its 10,000 a minute, the APIs side by side): ${bound.sustained.toFixed(1)} s, the sync ${(seconds / bound.sustained).toFixed(1)}× that`,
  );
  console.log(`${cpuUsed} (the load generator: the progress and /api/health polls)`);
  const phaseEnds = [...phaseSeen.slice(1).map((p) => p.at), t1 + seconds * 1000];
  console.log(`phases (as the progress showed them, ±0.25 s): ${phaseSeen.map((p, i) => `${p.phase} ${((phaseEnds[i] - p.at) / 1000).toFixed(1)} s`).join(', ')}`);
  console.log(`slowest /api/health answer during the sync: ${Math.round(slowest)} ms`);
  if (afterSeconds) console.log(`slowest /api/health answer in the ${afterSeconds} s after it (the data centre's rebuild): ${Math.round(slowestAfter)} ms`);
  console.log(`WeCom calls: ${total} made, ${minTotal} minimum (${(total / minTotal).toFixed(2)}×)`);
  for (const [p, n] of Object.entries(calls).sort((a, b) => b[1] - a[1])) {
    const key = Object.keys(minimum).find((k) => p.endsWith(k));
    console.log(`  ${p.padEnd(48)} ${String(n).padStart(7)}${key ? `   (minimum ${minimum[key]})` : ''}`);
  }
} finally {
  await stack.stop();
}

/**
 * The least time WeCom allows for the calls the sync made. Its limits are per corp and per API
 * (10,000 calls a minute and 150,000 an hour each, packages/wecom/src/limiter.ts), and the APIs may be
 * called at once: an API's `n` calls need ⌊(n−1)/10,000⌋ more minutes (⌊(n−1)/150,000⌋ more hours)
 * after the first. Calls within a window may all be in flight at once, so below a window's worth the
 * limit costs nothing and what bounds the time is the calls that must wait for one another: a
 * batch/get_by_user chain (≤100 members a call, the API's most; each page needs the last one's cursor)
 * after get_follow_user_list after gettoken; groupchat/get after groupchat/list. Those chains are timed
 * here against the simulator alone, one call at a time, after the sync (its own answer time, no writes
 * of ours), with --latency's delay when given. Without it WeCom is assumed to answer as fast as the
 * simulator does here; a real corp's round trips (tens of milliseconds from China's networks) lengthen
 * the customers' chain in proportion.
 * `sustained` reads the limit as a rate instead (no burst: each API's calls spread evenly over its
 * 10,000 a minute, the APIs side by side): the busiest API's calls × 6 ms.
 */
async function boundOf(corp, calls) {
  const base = `${sim}/qyapi/cgi-bin`;
  const timed = async (fn) => {
    const s = performance.now();
    const out = await fn();
    return [out, (performance.now() - s) / 1000];
  };
  const json = async (res) => {
    const body = await res.json();
    if (body.errcode) throw new Error(`simulator: ${JSON.stringify(body)}`);
    return body;
  };
  const [{ access_token: token }, tTok] = await timed(async () => json(await fetch(`${base}/gettoken?corpid=${corp.corpId}&corpsecret=${corp.secret}`)));
  const post = async (path, body) =>
    json(await fetch(`${base}/${path}?access_token=${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
  const [{ follow_user: follow }, tFollow] = await timed(async () => json(await fetch(`${base}/externalcontact/get_follow_user_list?access_token=${token}`)));
  let longest = { pages: 0, seconds: 0 };
  for (let i = 0; i < follow.length; i += 100) {
    const chain = follow.slice(i, i + 100);
    let pages = 0;
    const [, t] = await timed(async () => {
      let cursor = '';
      do {
        cursor = (await post('externalcontact/batch/get_by_user', { userid_list: chain, cursor, limit: 100 })).next_cursor;
        pages++;
      } while (cursor);
    });
    if (t > longest.seconds) longest = { pages, seconds: t };
  }
  const [{ group_chat_list: chats = [] }, tList] = await timed(() => post('externalcontact/groupchat/list', { status_filter: 0, limit: 1000 }));
  const [, tGet] = chats.length ? await timed(() => post('externalcontact/groupchat/get', { chat_id: chats[0].chat_id, need_name: 1 })) : [0, 0];
  const chains = {
    customers: tTok + tFollow + longest.seconds,
    groups: tTok + tList + tGet,
  };
  const windows = (n) => Math.max(Math.floor((n - 1) / 10_000) * 60, Math.floor((n - 1) / 150_000) * 3600);
  const [busiest, most] = Object.entries(calls).sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  const limited = Math.max(0, ...Object.values(calls).map(windows));
  const seconds = Math.max(limited, ...Object.values(chains));
  const ms = (s) => `${(s * 1000).toFixed(0)} ms`;
  // Read as a rate rather than a window: the busiest API's calls at 10,000 a minute (6 ms a call).
  const sustained = Math.max(...Object.values(calls).map((n) => (n * 60) / 10_000));
  return {
    seconds,
    sustained,
    how: [
      `WeCom's limits: ${limited ? `${limited} s of waiting` : 'no waiting'} (the most calls to one API: ${most} to ${busiest}, against 10,000 a minute)`,
      `calls that wait on each other, timed alone at the simulator: customers gettoken ${ms(tTok)} + get_follow_user_list ${ms(tFollow)} + the longest batch/get_by_user chain ${longest.pages} pages ${longest.seconds.toFixed(2)} s (${ms(longest.seconds / Math.max(1, longest.pages))} a page) = ${chains.customers.toFixed(2)} s; groups list + one get ${ms(chains.groups)}`,
    ],
  };
}
