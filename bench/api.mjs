// API benchmark: requests/s and p99 of the authenticated lists the console opens first — members, channel
// codes, customers, pushes, 20 rows each — and POST /api/account/info, at 50 connections, beside a bare
// node:http hello measured in the same run. The work space is seeded through the stack: a sample corp in
// the simulator (300 members, 3,000 customers) synced, then channel codes and scheduled pushes made
// through the API.
// Usage: node bench/api.mjs [--seconds=10] [--connections=50] [--port=5201] [--members=300] [--customers=3000]
//          [--codes=40] [--pushes=40] [--only=member,customer] [--processes=1] [--pin=0] [--profile]
//   (DATABASE_URL=postgres://… for PostgreSQL). Ports: bare hello --port, simulator +1, server +2.
//   --processes=N: N server processes on the one PostgreSQL database (the others at server +10, +11, …);
//   autocannon spreads its connections over them round-robin (connection i to process i mod N; no proxy),
//   so --connections is best a multiple of N. The bare hello stays one process. --pin=1: the servers on
//   every core but the first, autocannon (this process) and the simulator on core 0, the hello unpinned; by default
//   the scheduler shares the cores. The output gives the cores, the load average and each target's CPU.
//   --profile: the server runs with `--cpu-prof` and writes bench/profiles/api-<db>-<time>.cpuprofile
//   when the bench stops it; `node bench/profile-top.mjs <file>` prints its top functions.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { PROFILE_DIR, cpuMeter, cpuProfileArgs, loadAverage, machineLoad, numberArg, root, serverPorts, shareCores, startBenchStack, startChild, waitForPort } from '../scripts/lib.mjs';
import { stackClient } from '../scripts/stack-client.mjs';

const seconds = numberArg('seconds', 10);
const connections = numberArg('connections', 50);
const basePort = numberArg('port', 5201);
const ports = { bare: basePort, sim: basePort + 1, server: basePort + 2 };
const servers = serverPorts(ports.server);
const size = { departments: 12, members: numberArg('members', 300), customers: numberArg('customers', 3000), groups: 20, tags: 30 };
const codeCount = numberArg('codes', 40);
const pushCount = numberArg('pushes', 40);
const only = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1]?.split(',');
const profile = process.argv.includes('--profile');
const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
if (profile && servers.length > 1) throw new Error('--profile profiles one server process: leave out --processes');

function cannon(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections, duration: seconds, ...opts }, (err, res) => (err ? reject(err) : resolve(res))),
  );
}

const bareSource = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"hello":"world"}'); }).listen(${ports.bare}, '127.0.0.1');`;
const bare = startChild('bare', process.execPath, ['-e', bareSource]);
// The trial's debug code grants the seats the channel codes' members need (资源包).
const debugCode = randomBytes(24).toString('hex');
const stack = await startBenchStack({
  port: ports.server,
  simPort: ports.sim,
  extraServerPorts: servers.slice(1),
  env: { DEBUG_LOGIN_CODE: debugCode },
  nodeArgs: profile ? cpuProfileArgs(`api-${db.toLowerCase()}`) : [],
});
try {
  await waitForPort(ports.bare);
  const server = `http://127.0.0.1:${ports.server}`;
  const client = stackClient({ server, sim: `http://127.0.0.1:${ports.sim}`, simToken: stack.simToken });
  const token = await client.registerAccount('13800000000', 'bench1234');

  const seeding = Date.now();
  const { work } = await client.connectSampleCorp(token, { name: '接口压测', seed: 'bench-api', size });
  const sync = await client.waitForSync(token, work.id);
  if (sync.status !== 'done') throw new Error(`sync ${sync.status}`);
  const call = client.inWorkSpace(token, work.id);
  const contacts = (await call('qw/member/find', { contactOnly: true, limit: 200 })).list.map((m) => m.userid).slice(0, 60);
  const me = await client.api('account/info', {}, token);
  await client.api('seat/x/grant', { code: debugCode, accountId: me.id, count: contacts.length, days: 365 });
  for (const userid of contacts) await call('seat/bind/member', { userid });
  for (let i = 0; i < codeCount; i++) {
    const members = Array.from({ length: 3 }, (_, k) => ({ userid: contacts[(i * 3 + k) % contacts.length] }));
    await call('qw/lxw/add', { name: `渠道码${i + 1}`, members, distribution: 'in_order', dailyCap: 0, schedule: [], tagIds: [], welcome: { text: '', materialIds: [] }, skipVerify: true });
  }
  const sendAt = Date.now() + 7 * 86_400_000; // scheduled: the list shows them, nothing is sent during the run
  for (let i = 0; i < pushCount; i++) {
    await call('qw/push/add', { name: `群发${i + 1}`, chatType: 'single', audience: {}, content: { text: `压测群发 ${i + 1}`, materialIds: [] }, sendAt });
  }
  console.log(`seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s: ${size.members} members (${contacts.length} with seats), ${size.customers} customers, ${codeCount} channel codes, ${pushCount} pushes`);

  // As the console calls: the XSRF cookie the server set on the first page, repeated in its header (without
  // it every call of the run would be answered with a new cookie, which no browser asks for).
  const xsrf = randomBytes(18).toString('base64url');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-work-id': String(work.id), cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const page = JSON.stringify({ page: 1, pageSize: 20 });
  const targets = [
    { name: 'POST /api/account/info', key: 'info', path: '/api/account/info', body: '{}', rows: null },
    { name: 'POST /api/qw/member/list', key: 'member', path: '/api/qw/member/list', body: page, rows: 20 },
    { name: 'POST /api/qw/lxw/list', key: 'lxw', path: '/api/qw/lxw/list', body: page, rows: 20 },
    { name: 'POST /api/qw/customer/list', key: 'customer', path: '/api/qw/customer/list', body: JSON.stringify({ page: 1 }), rows: 20 },
    { name: 'POST /api/qw/push/list', key: 'push', path: '/api/qw/push/list', body: page, rows: 20 },
  ].filter((t) => !only || only.includes(t.key));
  const origins = servers.map((p) => `http://127.0.0.1:${p}`);
  // Each answer is checked once in each process: a list that answered fewer rows would measure something else.
  for (const t of targets) {
    for (const origin of origins) {
      const res = await fetch(`${origin}${t.path}`, { method: 'POST', headers, body: t.body });
      const json = await res.json();
      if (!res.ok || json.code !== 0) throw new Error(`${origin}${t.path}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
      if (t.rows !== null && json.data.list.length !== t.rows) throw new Error(`${origin}${t.path}: ${json.data.list.length} rows, not ${t.rows}`);
    }
  }
  const cores = await shareCores(stack.processes, { pin: numberArg('pin', 0) !== 0 });

  const machineBefore = machineLoad();
  await cannon({ url: `http://127.0.0.1:${ports.bare}/`, duration: 2 }); // warm-up
  const results = [['bare node:http hello', await cannon({ url: `http://127.0.0.1:${ports.bare}/` })]];
  const used = [];
  for (const t of targets) {
    const opts = { url: origins.map((o) => `${o}${t.path}`), method: 'POST', headers, body: t.body };
    await cannon({ ...opts, duration: 2 }); // warm-up
    const usage = await cpuMeter(stack.processes, stack.backends);
    results.push([t.name, await cannon(opts)]);
    used.push(`${t.name}: ${await usage()}`);
  }
  const loadAfter = loadAverage();

  const bareRate = results[0][1].requests.average;
  const row = (name, r) =>
    `${name.padEnd(28)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   ratio ${(r.requests.average / bareRate).toFixed(3)}   errors ${r.errors + r.non2xx}`;
  const spread = servers.length > 1 ? `, ${servers.length} server processes (autocannon's connections round-robin over them)` : '';
  console.log(`\nAPI benchmark — ${connections} connections, ${seconds} s each, ${db}${spread} (goal: ratio ≥ ${db === 'SQLite' ? '0.20' : '0.10'}, p99 ≤ 30 ms)`);
  for (const [name, r] of results) console.log(row(name, r));
  console.log(`${machineBefore} before, ${loadAfter} after`);
  console.log(cores.how);
  for (const line of used) console.log(line);
} finally {
  bare.kill('SIGTERM');
  await stack.stop();
  if (profile) console.log(`CPU profile written to ${path.relative(root, PROFILE_DIR)}/`);
}
