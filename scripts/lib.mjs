// Small helpers shared by the project's scripts (node builtins only: they run before `npm ci`).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(...args) {
  console.log('[scrm]', ...args);
}

/** Runs a command to completion, inheriting stdio; returns its exit code. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...opts.env } });
  return res.status ?? 1;
}

/** Installs npm dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('安装依赖 (npm ci)…');
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) throw new Error('npm ci failed');
}

/** Builds the shell and every sub-app unless their dist folders exist (or `force`). */
export function ensureWebBuild(force = false) {
  if (!force && existsSync(path.join(root, 'apps/shell/dist/index.html'))) return;
  if (run('node', ['scripts/build-web.mjs']) !== 0) throw new Error('web build failed');
}

export function portOpen(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function waitForPort(port, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await portOpen(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`port ${port} did not open within ${timeoutMs} ms`);
}

/** Starts a long-running child; its output is prefixed so the two servers can be told apart. */
export function startChild(name, cmd, args, env = {}, cwd = root) {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, SCRM_PARENT_PID: String(process.pid), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `${name} | ${line}\n`)
      .join('');
  child.stdout.on('data', (c) => process.stdout.write(prefix(c)));
  child.stderr.on('data', (c) => process.stderr.write(prefix(c)));
  return child;
}

/**
 * Node's flags for every server launch. --heap-growing-percent=50: after a full collection V8 lets the
 * old space grow to 1.5× what survived instead of up to 4×, so the garbage of a long job (an export, a
 * push's tracking) is collected while the heap is still small — the export of 300,000 customers on
 * PostgreSQL peaked at 314 MB RSS without it and 181 MB with it, a push's tracking at 257–378 MB and
 * 212 MB. The authenticated API's requests/s did not move beyond the machine's noise; 30 % cost it about
 * a quarter (bench/RESULTS.md).
 */
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=50'];

/** The built server (scripts/build-server.mjs); every launcher but the server tests runs it. */
export const SERVER_BUNDLE = 'apps/server/dist/main.mjs';
/** The built WeCom simulator, built with the server; the launchers run it, its own tests the sources. */
export const SIM_BUNDLE = 'packages/wecom-sim/dist/main.mjs';

/** Builds the server and simulator bundles (esbuild, about a second): once per launch, before either starts. */
export function ensureServerBuild() {
  if (run(process.execPath, ['scripts/build-server.mjs']) !== 0) throw new Error('server build failed');
}

/** The node arguments that run the built server; it must have been built (`ensureServerBuild`, `npm run build`). */
export function serverArgs() {
  if (!existsSync(path.join(root, SERVER_BUNDLE))) throw new Error(`${SERVER_BUNDLE} is missing: run npm run build`);
  return [...SERVER_NODE_FLAGS, '--import', './scripts/exit-with-parent.mjs', SERVER_BUNDLE];
}

/** The node arguments that run the built simulator (built with the server, `ensureServerBuild`). */
export function simArgs() {
  if (!existsSync(path.join(root, SIM_BUNDLE))) throw new Error(`${SIM_BUNDLE} is missing: run npm run build`);
  return ['--import', './scripts/exit-with-parent.mjs', SIM_BUNDLE];
}

export function readJson(file) {
  return JSON.parse(readFileSync(path.join(root, file), 'utf8'));
}

/** The simulator's control token for a stack: SIM_CONTROL_TOKEN when set, else a fresh one. */
export const simControlToken = () => process.env.SIM_CONTROL_TOKEN || randomBytes(18).toString('base64url');

/**
 * Starts the WeCom simulator and the server wired to each other (the server's
 * SMS and official-account providers point at the simulator, the simulator's
 * callbacks at the server; SIM=on chooses the simulator explicitly and both
 * share the control token). Resolves once both listen.
 */
export async function startStack({ port, simPort, env = {}, sim = true, extraServerPorts = [], simToken = simControlToken(), nodeArgs = [] }) {
  const children = [];
  if (sim) {
    children.push(
      startChild('sim', process.execPath, simArgs(), {
        SIM_PORT: String(simPort),
        SIM_CONTROL_TOKEN: simToken,
        SIM_GZH_CALLBACK_URL: `http://127.0.0.1:${port}/api/gzh/callback`,
        SIM_LOG_LEVEL: process.env.SIM_LOG_LEVEL ?? 'warn',
      }),
    );
  }
  // More server processes on the same database (PostgreSQL): they share the work through the job table.
  for (const [i, p] of [port, ...extraServerPorts].entries()) {
    children.push(
      startChild(i ? `server${i + 1}` : 'server', process.execPath, [...nodeArgs, ...serverArgs()], {
        PORT: String(p),
        ...(sim ? { SIM: 'on', SIM_URL: `http://127.0.0.1:${simPort}`, SIM_CONTROL_TOKEN: simToken } : { SIM: 'off', SIM_URL: '' }),
        ...env,
      }),
    );
  }
  const stop = () => children.forEach((c) => c.kill('SIGTERM'));
  await Promise.all([...[port, ...extraServerPorts].map((p) => waitForPort(p, 60_000)), sim ? waitForPort(simPort) : null]);
  return { children, stop, simToken: sim ? simToken : undefined };
}

/**
 * Runs the stack until Ctrl+C (or SIGTERM) stops it; a process that exits on its own stops the rest,
 * and its exit code becomes ours.
 */
export function stopTogether({ children, stop }) {
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    stop();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const child of children) {
    child.on('exit', (code) => {
      if (stopping) return;
      log(`a process exited (${code}); stopping`);
      process.exitCode = code ?? 1;
      shutdown();
    });
  }
}

/** Where the benches write their CPU profiles. */
export const PROFILE_DIR = path.join(root, 'bench/profiles');

/** The server's node flags for a CPU profile written to PROFILE_DIR as `<name>-<time>.cpuprofile` when it stops. */
export const cpuProfileArgs = (name) => ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${name}-${Date.now().toString(36)}.cpuprofile`];

/**
 * A stack for a benchmark: a temporary DATA_DIR and, when DATABASE_URL names PostgreSQL, a fresh
 * database beside it (so runs never meet each other's rows), both removed again by `stop()`. `nodeArgs`:
 * node flags for the server processes (`--cpu-prof`, which NODE_OPTIONS refuses).
 */
export async function startBenchStack({ port, simPort, env = {}, extraServerPorts = [], nodeArgs = [] }) {
  ensureServerBuild();
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  // SQLite's file (half a gigabyte after a sync of 200,000 customers) goes with the run, as PostgreSQL's database does.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scrm-bench-'));
  const url = process.env.DATABASE_URL;
  let databaseUrl;
  let pg;
  // BENCH_DATABASE_PREFIX: where several people share one PostgreSQL server, each bench database's name says whose it is.
  const prefix = process.env.BENCH_DATABASE_PREFIX ?? 'scrm_bench_';
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`BENCH_DATABASE_PREFIX ${prefix}: lower-case letters, digits and _ only`);
  const name = `${prefix}${Date.now().toString(36)}`;
  const admin = async (sql, params) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const res = await c.query(sql, params);
    await c.end();
    return res.rows;
  };
  if (url) {
    pg = (await import('pg')).default;
    await admin(`CREATE DATABASE ${name}`);
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    databaseUrl = fresh.toString();
  }
  const stack = await startStack({
    port,
    simPort,
    extraServerPorts,
    nodeArgs,
    env: {
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
  });
  return {
    simToken: stack.simToken,
    /** The simulator (when started) and the server processes, by name. */
    processes: stack.children.map((c, i) => ({ name: i === 0 && stack.simToken ? 'sim' : 'server', pid: c.pid })),
    /** On PostgreSQL, the process ids of the backends now connected to the bench's database (for `cpuMeter`). */
    backends: url ? async () => (await admin('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])).map((r) => r.pid) : undefined,
    stop: async () => {
      // The processes finish (their jobs and connections) before their database goes.
      const exited = stack.children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r))));
      stack.stop();
      const late = setTimeout(() => stack.children.forEach((c) => c.kill('SIGKILL')), 10_000);
      await Promise.all(exited);
      clearTimeout(late);
      if (url) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds a process has used so far (Linux /proc; 0 where it cannot be read). */
export function cpuSeconds(pid) {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * `--processes=N` of a bench (default 1): the ports of the server processes it starts on its one database,
 * `port` first, the others at port+10, +11, … More than one needs PostgreSQL: the processes share the job
 * table, as in a deployment scaled out behind a load balancer (README "Scaling out on PostgreSQL").
 */
export function serverPorts(port) {
  const n = numberArg('processes', 1);
  if (!Number.isInteger(n) || n < 1) throw new Error('--processes: a whole number, 1 or more');
  if (n > 1 && !process.env.DATABASE_URL) throw new Error('--processes above 1 needs DATABASE_URL (PostgreSQL): the processes share one database');
  return [port, ...Array.from({ length: n - 1 }, (_, i) => port + 10 + i)];
}

/** The load average now (1, 5, 15 minutes). */
export const loadAverage = () => loadavg().map((x) => x.toFixed(2)).join(' ');

/** The machine's cores (os.cpus()) and its load average now, for a bench's output. */
export const machineLoad = () => `${cpus().length} cores (os.cpus()), load average ${loadAverage()}`;

/**
 * Counts the CPU the bench's processes use from now on: `await usage()` says it for the server processes
 * (each one's share in brackets when there are several), the simulator, this process (the load generator,
 * and the bench's proxy when it has one) and, given `backends` (a bench stack's, on a PostgreSQL server on
 * this machine), the PostgreSQL backends serving the bench's database — those connected at the end; one
 * that closed during the run is missed. PostgreSQL's shared work (WAL writer, checkpoints) is not in it.
 */
export async function cpuMeter(processes, backends) {
  const { availableParallelism } = await import('node:os');
  const cores = availableParallelism();
  const servers = processes.filter((p) => p.name === 'server');
  const others = processes.filter((p) => p.name !== 'server');
  const own = () => process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
  const pgStart = new Map((backends ? await backends() : []).map((pid) => [pid, cpuSeconds(pid)]));
  const start = { servers: servers.map((p) => cpuSeconds(p.pid)), others: others.map((p) => cpuSeconds(p.pid)), own: own(), at: Date.now() };
  return async () => {
    const sum = (a) => a.reduce((x, y) => x + y, 0);
    const wall = (Date.now() - start.at) / 1000;
    const each = servers.map((p, i) => cpuSeconds(p.pid) - start.servers[i]);
    const sim = sum(others.map((p, i) => cpuSeconds(p.pid) - start.others[i]));
    const gen = own() - start.own;
    const pg = backends ? sum((await backends()).map((pid) => cpuSeconds(pid) - (pgStart.get(pid) ?? 0))) : null;
    const split = each.length > 1 ? ` (${each.map((x) => x.toFixed(1)).join(' + ')})` : '';
    const db = pg === null ? '' : `, PostgreSQL backends ${pg.toFixed(1)} s`;
    return `CPU used in ${wall.toFixed(1)} s (${(cores * wall).toFixed(0)} core-seconds): server ${sum(each).toFixed(1)} s${split}, simulator ${sim.toFixed(1)} s, load generator ${gen.toFixed(1)} s${db}`;
  };
}

/**
 * Keeps a bench's load generator off the measured servers' cores where it can: with two cores or more
 * (and Linux's taskset), the servers get every core but the first, and this process and the simulator
 * the first. `pin: false` leaves the scheduler to share them. Returns a sentence saying how the cores
 * were shared (`how`); the CPU each side uses is `cpuMeter`'s, started where the bench's measure starts.
 */
export async function shareCores(processes, { pin = true } = {}) {
  const { availableParallelism } = await import('node:os');
  const cores = availableParallelism();
  const servers = processes.filter((p) => p.name === 'server');
  const others = processes.filter((p) => p.name !== 'server');
  let how = `${cores} cores shared by the scheduler: server${servers.length > 1 ? `s (${servers.length} processes)` : ''}, simulator, load generator${process.env.DATABASE_URL ? ' and PostgreSQL' : ''}`;
  if (pin && cores >= 2 && spawnSync('taskset', ['-V']).status === 0) {
    const rest = `1-${cores - 1}`;
    const set = (cpus, pid) => spawnSync('taskset', ['-a', '-cp', cpus, String(pid)]).status === 0;
    if ([...servers.map((p) => set(rest, p.pid)), ...others.map((p) => set('0', p.pid)), set('0', process.pid)].every(Boolean)) {
      how = `server${servers.length > 1 ? `s (${servers.length} processes)` : ''} pinned to core${cores > 2 ? 's' : ''} ${cores > 2 ? rest : '1'}, load generator and simulator to core 0${process.env.DATABASE_URL ? ', PostgreSQL unpinned' : ''} (${cores} cores)`;
    }
  }
  return { how };
}

/** A numeric `--name=value` argument of this process, else `fallback`. */
export function numberArg(name, fallback) {
  return Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
}
