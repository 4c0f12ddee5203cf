// Sync benchmark: the first full sync of a sample corp (default 1,000 members / 200,000
// customers) through the server into its database, with the simulator enforcing WeCom's
// published rate limits. Prints seconds, rows, and the WeCom calls made beside the
// minimum the API allows. Usage: node bench/sync.mjs [--members=1000] [--customers=200000]
// (DATABASE_URL=postgres://… to sync into PostgreSQL).
import { numberArg, startBenchStack } from '../scripts/lib.mjs';
import { stackClient } from '../scripts/stack-client.mjs';

const members = numberArg('members', 1000);
const customers = numberArg('customers', 200_000);
const port = 3921;
const simPort = 3922;
const server = `http://127.0.0.1:${port}`;
const sim = `http://127.0.0.1:${simPort}`;

const stack = await startBenchStack({ port, simPort });
try {
  const client = stackClient({ server, sim, simToken: stack.simToken });
  const token = await client.registerAccount('13800000002', 'bench1234');
  const size = { departments: Math.max(3, Math.round(members / 20)), members, customers, groups: Math.round(customers / 200), tags: 50 };
  const t0 = Date.now();
  const corp = await client.control('/control/corps', { name: '压测企业', seed: 'bench-sync', size });
  const generated = Date.now() - t0;
  const work = await client.api('qw/add', { accessType: 'internal', nickname: '压测企业', corpId: corp.corpId, agentId: String(corp.agentId), secret: corp.secret }, token);
  const t1 = Date.now();
  // While the sync runs, the console must keep answering: the slowest /api/health answer shows the
  // longest the server was held (one write slice on SQLite).
  let syncing = true;
  let slowest = 0;
  const probe = (async () => {
    while (syncing) {
      const s = performance.now();
      await fetch(`${server}/api/health`);
      slowest = Math.max(slowest, performance.now() - s);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const sync = await client.waitForSync(token, work.id, (p) => process.stdout.write(`\r  ${p.phase || '…'} ${p.percent}%      `));
  const seconds = (Date.now() - t1) / 1000;
  syncing = false;
  await probe;
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
  console.log(`\n\nSync benchmark — ${members} members, ${customers} customers (${relations} follow relations, ${groups} groups), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`);
  console.log(`simulator generated the corp in ${(generated / 1000).toFixed(1)} s`);
  console.log(`full sync: ${sync.status} in ${seconds.toFixed(1)} s${sync.error ? ` (${sync.error})` : ''}`);
  console.log(`slowest /api/health answer during the sync: ${Math.round(slowest)} ms`);
  console.log(`WeCom calls: ${total} made, ${minTotal} minimum (${(total / minTotal).toFixed(2)}×)`);
  for (const [p, n] of Object.entries(calls).sort((a, b) => b[1] - a[1])) {
    const key = Object.keys(minimum).find((k) => p.endsWith(k));
    console.log(`  ${p.padEnd(48)} ${String(n).padStart(7)}${key ? `   (minimum ${minimum[key]})` : ''}`);
  }
} finally {
  await stack.stop();
}
