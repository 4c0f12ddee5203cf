// API benchmark: requests/s and p99 of an authenticated POST /api/account/info at
// 50 connections, beside a bare node:http hello measured in the same run.
// Usage: node bench/api.mjs [--seconds=10] [--connections=50]   (DATABASE_URL=postgres://… for PostgreSQL)
import autocannon from 'autocannon';
import { numberArg, startBenchStack, startChild, waitForPort } from '../scripts/lib.mjs';
import { stackClient } from '../scripts/stack-client.mjs';

const seconds = numberArg('seconds', 10);
const connections = numberArg('connections', 50);
const ports = { bare: 3901, sim: 3902, server: 3903 };

function cannon(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections, duration: seconds, ...opts }, (err, res) => (err ? reject(err) : resolve(res))),
  );
}

const bareSource = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"hello":"world"}'); }).listen(${ports.bare}, '127.0.0.1');`;
const bare = startChild('bare', process.execPath, ['-e', bareSource]);
const stack = await startBenchStack({ port: ports.server, simPort: ports.sim });
const simToken = stack.simToken;
try {
  await waitForPort(ports.bare);
  const base = `http://127.0.0.1:${ports.server}/api/account`;
  const stack = stackClient({ server: `http://127.0.0.1:${ports.server}`, sim: `http://127.0.0.1:${ports.sim}`, simToken });
  const token = await stack.registerAccount('13800000000', 'bench1234');

  await cannon({ url: `http://127.0.0.1:${ports.bare}/`, duration: 2 }); // warm-up
  const bare = await cannon({ url: `http://127.0.0.1:${ports.bare}/` });
  await cannon({ url: `${base}/info`, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}', duration: 2 });
  const info = await cannon({
    url: `${base}/info`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const row = (name, r) =>
    `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
  console.log(`\nAPI benchmark — ${connections} connections, ${seconds} s each, ${db}`);
  console.log(row('bare node:http hello', bare));
  console.log(row('POST /api/account/info (auth)', info));
  console.log(`ratio info / bare: ${(info.requests.average / bare.requests.average).toFixed(2)} (goal ≥ 0.20)`);
} finally {
  bare.kill('SIGTERM');
  await stack.stop();
}
