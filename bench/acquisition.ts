// Acquisition chain benchmark: customers scan a channel code in the simulator as fast as `--concurrency`
// scanners can; each add runs the whole chain — encrypted callback → inbox → callback job → attribution and
// the welcome (send_welcome_msg) → the customer's re-read job (mark_tag, then externalcontact/get) → caps and risk. Prints
// the adds per second the chain completed (to the welcome message, and to the tags and re-reads, which
// run at a lower priority) and the time from the add event to the welcome message WeCom received (p50,
// p99), plus any welcome that missed WeCom's 20 s.
// Usage: node --import tsx bench/acquisition.ts [--adds=2000] [--concurrency=20 | --rate=30] [--processes=1] [--proxy] [--profile]
//   --rate=N scans N times a second whatever happens (an open loop: the latency at a load the chain
//   sustains); without it, `--concurrency` scanners go as fast as they can (the most the chain takes).
//   DATABASE_URL=postgres://… for PostgreSQL; --processes=N runs N server processes on the one database
//   behind a round-robin HTTP proxy (each request to the next process) that receives the simulator's
//   callbacks (PostgreSQL only: they share the job table); --proxy puts the proxy in front of one process
//   too, so a 1-process figure pays the same hop. The proxy runs in this process: its CPU is counted as
//   the load generator's. --port=3941: the server's port (the simulator takes the next, the proxy +9,
//   extra servers +10…). The servers are pinned apart from the load generator and the simulator where the
//   machine allows (--pin=0: not; with two cores pinning puts every server process on core 1); the output
//   gives the cores, the load average, how the cores were shared and the CPU each side used.
//   --profile: the server runs with `--cpu-prof` and writes bench/profiles/acquisition-<db>-<time>.cpuprofile
//   when the bench stops it; `node bench/profile-top.mjs <file>` prints its top functions.
import http from 'node:http';
// @ts-expect-error plain .mjs helpers shared with the launchers
import { cpuMeter, cpuProfileArgs, loadAverage, machineLoad, numberArg, serverPorts, shareCores, startBenchStack } from '../scripts/lib.mjs';
// @ts-expect-error plain .mjs helpers shared with the launchers
import { stackClient } from '../scripts/stack-client.mjs';

const adds = numberArg('adds', 2000);
const concurrency = numberArg('concurrency', 20);
const rate = numberArg('rate', 0);
const port = numberArg('port', 3941);
const simPort = port + 1;
const server = `http://127.0.0.1:${port}`;
const sim = `http://127.0.0.1:${simPort}`;
const serverPortList = serverPorts(port);
const servers = serverPortList.length;
const extraServerPorts = serverPortList.slice(1);
const useProxy = servers > 1 || process.argv.includes('--proxy');
const profile = process.argv.includes('--profile');
if (profile && servers > 1) throw new Error('--profile profiles one server process: leave out --processes');

/** Round-robin HTTP proxy over the server processes (what a load balancer does). */
function proxy(ports: number[], listen: number): Promise<http.Server> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const srv = http.createServer((req, res) => {
    const target = ports[next++ % ports.length]!;
    const up = http.request({ host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers, agent }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  return new Promise((resolve) => srv.listen(listen, '127.0.0.1', () => resolve(srv)));
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

const stack = await startBenchStack({
  port,
  simPort,
  extraServerPorts,
  env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...(process.env.JOB_CONCURRENCY ? { JOB_CONCURRENCY: process.env.JOB_CONCURRENCY } : {}) },
  nodeArgs: profile ? cpuProfileArgs(`acquisition-${process.env.DATABASE_URL ? 'postgresql' : 'sqlite'}`) : [],
});
let lb: http.Server | undefined;
try {
  const client = stackClient({ server, sim, simToken: stack.simToken });
  const token = await client.registerAccount('13800000004', 'bench1234');
  const { corp, work } = await client.connectSampleCorp(token, { name: '获客压测', seed: 'bench-acquisition', size: { departments: 3, members: 40, customers: 200, groups: 2, tags: 10 } });
  await client.waitForSync(token, work.id);
  if (useProxy) {
    lb = await proxy(serverPortList, port + 9);
    const url = work.callbackUrl.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${port + 9}`);
    await client.control(`/control/corps/${corp.corpId}/callback`, { url, token: work.token, encodingAesKey: work.encodingAesKey });
  }
  const call = client.inWorkSpace(token, work.id);
  const members = (await call('qw/member/find', { limit: 20 })).list as Array<{ userid: string }>;
  const tags = (await call('qw/tag/list', {})).list[0].tags as Array<{ id: string }>;
  const code = await call('qw/lxw/add', {
    name: '压测渠道',
    members: members.map((m) => ({ userid: m.userid })),
    distribution: 'random',
    dailyCap: 0,
    schedule: [],
    tagIds: [tags[0]!.id],
    welcome: { text: '您好，欢迎添加！回复 1 领取资料。', materialIds: [] },
    skipVerify: true,
  });

  const scannedAt = new Map<string, number>();
  const scan = async () => {
    const res = await client.simFetch(`/control/corps/${corp.corpId}/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ configId: code.configId }),
    });
    const body = (await res.json()) as { externalUserid: string };
    scannedAt.set(body.externalUserid, Date.now());
  };
  const cores = await shareCores(stack.processes, { pin: numberArg('pin', 1) !== 0 });
  const usage = await cpuMeter(stack.processes, stack.backends);
  const machineBefore = machineLoad();
  let started = 0;
  const t0 = Date.now();
  if (rate > 0) {
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < adds; i++) {
      const wait = t0 + (i * 1000) / rate - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      inflight.push(scan());
    }
    await Promise.all(inflight);
  } else {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (started < adds) {
          started += 1;
          await scan();
        }
      }),
    );
  }
  const scanSeconds = (Date.now() - t0) / 1000;

  // Wait for the chain to finish: every add recorded with a final welcome status.
  const deadline = Date.now() + 180_000;
  let welcomes: Array<{ externalUserid: string; sentAt: number }> = [];
  for (;;) {
    const list = (await (await client.simFetch(`/control/corps/${corp.corpId}/welcome-messages?limit=100000`)).json()).list as typeof welcomes;
    welcomes = list.filter((w) => scannedAt.has(w.externalUserid));
    const { total } = await call('qw/lxw/customer/list', { id: code.id, pageSize: 1 });
    const pending = await call('qw/lxw/customer/list', { id: code.id, pageSize: 100 });
    const open = (pending.list as Array<{ welcomeStatus: string }>).some((a) => a.welcomeStatus === 'pending');
    if ((total >= adds && !open && welcomes.length >= adds) || Date.now() > deadline) break;
    if (total >= adds && !open && Date.now() - (welcomes.length ? Math.max(...welcomes.map((w) => w.sentAt)) : t0) > 25_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const lastWelcome = Math.max(...welcomes.map((w) => w.sentAt));
  const latencies = welcomes.map((w) => w.sentAt - scannedAt.get(w.externalUserid)!).sort((a, b) => a - b);
  const overview = await call('qw/lxw/date', { id: code.id });
  const chainSeconds = (lastWelcome - t0) / 1000;
  // Tags and re-reads of the customers run at a lower priority than welcome messages: when they catch up.
  const callsNow = async () => (await (await client.simFetch(`/control/calls?corpId=${corp.corpId}`)).json()).calls as Record<string, number>;
  let calls = await callsNow();
  while ((calls['externalcontact/mark_tag'] ?? 0) < adds || (calls['externalcontact/get'] ?? 0) < adds) {
    if (Date.now() > deadline + 120_000) break;
    await new Promise((r) => setTimeout(r, 200));
    calls = await callsNow();
  }
  const caughtUpSeconds = (Date.now() - t0) / 1000;
  const used = await usage();
  const loadAfter = loadAverage();

  const load = rate > 0 ? `${rate} scans/s` : `${concurrency} concurrent scanners`;
  console.log(`\nAcquisition chain — ${adds} adds, ${load}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${servers} server process${servers > 1 ? 'es' : ''}${useProxy ? ' behind the round-robin proxy' : ''}`);
  console.log(`scans made in ${scanSeconds.toFixed(1)} s (${(adds / scanSeconds).toFixed(0)} scans/s offered)`);
  console.log(`adds recorded: ${overview.addsTotal}; welcome messages WeCom received: ${welcomes.length}; missed or failed: ${adds - welcomes.length}`);
  console.log(`whole chain: ${chainSeconds.toFixed(1)} s from the first scan to the last welcome = ${(welcomes.length / chainSeconds).toFixed(0)} adds/s`);
  console.log(`tags and re-reads of every customer done ${caughtUpSeconds.toFixed(1)} s after the first scan = ${(adds / caughtUpSeconds).toFixed(0)} adds/s`);
  console.log(`add event → welcome sent: p50 ${pct(latencies, 0.5).toFixed(0)} ms, p99 ${pct(latencies, 0.99).toFixed(0)} ms, max ${latencies[latencies.length - 1]?.toFixed(0)} ms (WeCom allows 20,000 ms)`);
  console.log(`${machineBefore} before, ${loadAfter} after`);
  console.log(`${cores.how}; ${used}`);
  console.log(
    `WeCom calls: ${['externalcontact/send_welcome_msg', 'externalcontact/mark_tag', 'externalcontact/get', 'externalcontact/update_contact_way'].map((p) => `${p.split('/')[1]} ${calls[p] ?? 0}`).join(', ')}`,
  );
} finally {
  lb?.close();
  await stack.stop();
}
