// 群发 benchmark: a push to every customer of a corp (default 100,000 customers across 1,000 members),
// made in the simulator and synced as a connected corp's are. Prints the WeCom calls made against the
// minimum the API allows — creation: one add_msg_template per member and 10,000 customers; tracking to
// completion: one get_groupmsg_task per task (≤ 1,000 members) and one get_groupmsg_send_result per
// 1,000 customers of a task — the wall time against the bound WeCom's rate limit sets (10,000 calls a
// minute and 150,000 an hour per corp and API), the server's peak RSS, and whether every customer is in
// exactly one WeCom task (the simulator's record).
// With --kill: the server is killed with kill -9 in the middle of creating the tasks and again in the
// middle of tracking, and started again on the same data; the extra calls are counted.
// Usage: node --import tsx bench/push.ts [--customers=100000] [--members=1000] [--kill] [--port=3951 (the simulator takes the next)]
//        (DATABASE_URL=postgres://…/postgres for PostgreSQL: a database of its own is made and dropped)
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { drillApi, drillCorp, startDrillStack } from '../e2e/drill-stack.js';
// @ts-expect-error plain .mjs helpers shared with the launchers
import { ensureServerBuild, numberArg } from '../scripts/lib.mjs';

ensureServerBuild();
const customers = numberArg('customers', 100_000);
const members = numberArg('members', 1_000);
const port = numberArg('port', 3951);
const kill = process.argv.includes('--kill');
const PER_MINUTE = 10_000;
const PER_HOUR = 150_000;
const TASK_CUSTOMERS = 10_000;
const PAGE = 1_000;

/** The least time WeCom's windows allow for `calls` calls of one API (the first window's are free). */
const rateBoundSeconds = (calls: number) =>
  Math.max(Math.floor(Math.max(0, calls - 1) / PER_MINUTE) * 60, Math.floor(Math.max(0, calls - 1) / PER_HOUR) * 3600);

const pidOnPort = (p: number) => Number(/pid=(\d+)/.exec(execSync(`ss -ltnpH 'sport = :${p}'`).toString())?.[1]);
/** VmHWM: the process's peak RSS since it started or since its clear_refs was written. */
const peakRss = (pid: number) => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// PostgreSQL: a database of this run's own.
const url = process.env.DATABASE_URL;
let dbName: string | undefined;
const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(q);
  await c.end();
};
const env: Record<string, string> = {};
// SERVER_NODE_OPTIONS: node flags for the server alone, as NODE_OPTIONS allows them (e.g. --max-old-space-size=…,
// --heapsnapshot-signal=SIGUSR2 for a heap snapshot mid-run; node refuses --trace-gc there).
if (process.env.SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.SERVER_NODE_OPTIONS;
if (url) {
  dbName = `scrm_bench_push_${Date.now().toString(36)}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const fresh = new URL(url);
  fresh.pathname = `/${dbName}`;
  env.DATABASE_URL = fresh.toString();
}

const stack = await startDrillStack({ port, simPort: port + 1, env });
try {
  const seeded = Date.now();
  const { token, corpId, workId } = await drillCorp(
    stack,
    { phone: '13800000017', password: 'bench1234' },
    { name: '群发压测', seed: 'bench-push', size: { departments: 10, members, customers, groups: 10, tags: 20 } },
  );
  const seedSeconds = (Date.now() - seeded) / 1000;
  const as = { token, workId };
  const api = <T = any>(path: string, body: unknown = {}) => drillApi<T>(stack.serverUrl, as, path, body);
  const calls = async (): Promise<Record<string, number>> => (await (await stack.client.simFetch(`/control/calls?corpId=${corpId}`)).json()).calls;
  const delta = (a: Record<string, number>, b: Record<string, number>, path: string) => (b[`externalcontact/${path}`] ?? 0) - (a[`externalcontact/${path}`] ?? 0);
  const serverRss = () => peakRss(pidOnPort(port));
  const kills: string[] = [];
  const killAndStart = async (when: string) => {
    const rss = serverRss();
    await stack.killServer();
    await stack.startServer();
    kills.push(`${when} (peak RSS before the kill ${rss} MB)`);
  };

  // The push's own peak: a server started after the first sync (V8 keeps the sync's heap a long while).
  await stack.killServer();
  await stack.startServer();
  writeFileSync(`/proc/${pidOnPort(port)}/clear_refs`, '5');
  const idleRss = Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pidOnPort(port)}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  const reach = await api('qw/push/reach', { chatType: 'single', audience: {} });
  const c0 = await calls();
  const started = Date.now();
  const push = await api('qw/push/add', { name: '压测群发', chatType: 'single', audience: {}, content: { text: '双十二会员日，全场八折。', materialIds: [] }, sendAt: null });
  let killedInCreation = false;
  let detail: any;
  for (;;) {
    detail = await api('qw/push/detail', { id: push.id });
    if (detail.status === 'failed') throw new Error(`the push failed: ${detail.error}`);
    if (kill && !killedInCreation && detail.tasksCreated > 0 && detail.tasksCreated < detail.tasks / 2) {
      killedInCreation = true;
      await killAndStart(`creation, ${detail.tasksCreated} of ${detail.tasks} tasks made`);
      continue;
    }
    if (detail.tasks > 0 && detail.tasksCreated === detail.tasks) break;
    await sleep(200);
  }
  const creationSeconds = (Date.now() - started) / 1000;
  const c1 = await calls();
  const rssCreation = serverRss();

  // The minimum, from the push's own split: its members' customers in tasks of 10,000.
  const memberRows: any[] = [];
  for (let page = 1; ; page++) {
    const r = await api('qw/push/members', { id: push.id, page });
    memberRows.push(...r.list);
    if (memberRows.length >= r.total || !r.list.length) break;
  }
  const minCreate = memberRows.reduce((n, m) => n + Math.ceil(m.targets / TASK_CUSTOMERS), 0);

  // Every member confirms in their client; the business clock moves to the first read.
  await stack.client.control(`/control/corps/${corpId}/confirm-mass-send-all`, {});
  const trackStarted = Date.now();
  let killedInTracking = false;
  await api('test/clock', { advanceMs: 5 * 60_000 });
  for (;;) {
    detail = await api('qw/push/detail', { id: push.id });
    if (detail.status === 'done') break;
    // The counts are written when a read ends: kill two seconds into the first one.
    if (kill && !killedInTracking && Date.now() - trackStarted > 2_000) {
      killedInTracking = true;
      const read = await calls();
      await killAndStart(`tracking, ${(delta(c1, read, 'get_groupmsg_task') + delta(c1, read, 'get_groupmsg_send_result')).toLocaleString()} reads made`);
      await api('test/clock', { advanceMs: 5 * 60_000 });
      continue;
    }
    await sleep(200);
  }
  const trackSeconds = (Date.now() - trackStarted) / 1000;
  const c2 = await calls();
  const rssEnd = serverRss();

  // Tracking's minimum: one task list per task, one result page per 1,000 of a task's customers.
  const sim = (await (await stack.client.simFetch(`/control/corps/${corpId}/mass-messages`)).json()) as any;
  const ours = sim.list.filter((m: any) => m.text === '双十二会员日，全场八折。');
  const seen = new Map<string, number>();
  let minTrack = 0;
  for (const m of ours) {
    minTrack += Math.ceil(m.members.length / PAGE);
    for (const t of m.members) {
      minTrack += Math.max(1, Math.ceil(t.targets.length / PAGE));
      for (const id of t.targets) seen.set(id, (seen.get(id) ?? 0) + 1);
    }
  }
  const twice = [...seen.values()].filter((n) => n > 1).length;

  const created = delta(c0, c1, 'add_msg_template');
  const lookups = delta(c0, c2, 'get_groupmsg_list_v2');
  const tracked = delta(c1, c2, 'get_groupmsg_task') + delta(c1, c2, 'get_groupmsg_send_result');
  const db = url ? 'PostgreSQL' : 'SQLite';
  console.log(`\n群发 — ${customers.toLocaleString()} customers, ${members.toLocaleString()} members, ${db}${kill ? ', kill -9 twice' : ''}`);
  console.log(`corp made in the simulator and synced in ${seedSeconds.toFixed(1)} s; reach before saving: ${reach.targets.toLocaleString()} customers, ${reach.members} members`);
  for (const k of kills) console.log(`killed with kill -9 during ${k}`);
  console.log(
    `creation: ${created.toLocaleString()} add_msg_template calls (minimum ${minCreate.toLocaleString()}: ${(created / minCreate).toFixed(3)}×), ${lookups} get_groupmsg_list_v2 lookups; ${creationSeconds.toFixed(1)} s (the rate limit's bound for ${created} calls: ${rateBoundSeconds(created)} s)`,
  );
  console.log(
    `tracking to completion: ${tracked.toLocaleString()} calls (minimum ${minTrack.toLocaleString()}: ${(tracked / minTrack).toFixed(3)}×); ${trackSeconds.toFixed(1)} s after the confirmations (the bound: ${rateBoundSeconds(tracked)} s)`,
  );
  console.log(`results: sent ${detail.sent.toLocaleString()}, unsent ${detail.unsent}, failed ${detail.failed}, over the monthly cap ${detail.overCap}; targets ${detail.targets.toLocaleString()}`);
  console.log(`WeCom tasks: ${ours.length}; customers in them ${seen.size.toLocaleString()}, in two or more: ${twice}`);
  console.log(`server peak RSS: ${rssCreation} MB through creation, ${rssEnd} MB through tracking${kills.length ? ' (of the process started after the last kill)' : ''}; ${idleRss} MB idle before the push`);
} finally {
  await stack.stop();
  if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
