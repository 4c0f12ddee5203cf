// Small helpers shared by the project's scripts (node builtins only: they run before `npm ci`).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
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

export const tsxArgs = (entry) => ['--import', 'tsx', '--import', './scripts/exit-with-parent.mjs', entry];

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

/** Builds the server bundle (esbuild, well under a second): once per launch, before any server starts. */
export function ensureServerBuild() {
  if (run(process.execPath, ['scripts/build-server.mjs']) !== 0) throw new Error('server build failed');
}

/** The node arguments that run the built server; it must have been built (`ensureServerBuild`, `npm run build`). */
export function serverArgs() {
  if (!existsSync(path.join(root, SERVER_BUNDLE))) throw new Error(`${SERVER_BUNDLE} is missing: run npm run build`);
  return [...SERVER_NODE_FLAGS, '--import', './scripts/exit-with-parent.mjs', SERVER_BUNDLE];
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
      startChild('sim', process.execPath, tsxArgs('packages/wecom-sim/src/main.ts'), {
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

/**
 * A stack for a benchmark: a temporary DATA_DIR and, when DATABASE_URL names PostgreSQL, a fresh
 * database beside it (so runs never meet each other's rows), dropped again by `stop()`. `nodeArgs`:
 * node flags for the server processes (`--cpu-prof`, which NODE_OPTIONS refuses).
 */
export async function startBenchStack({ port, simPort, env = {}, extraServerPorts = [], nodeArgs = [] }) {
  ensureServerBuild();
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const url = process.env.DATABASE_URL;
  let databaseUrl;
  let pg;
  const name = `scrm_bench_${Date.now().toString(36)}`;
  const admin = async (sql) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(sql);
    await c.end();
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
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'scrm-bench-')),
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
  });
  return {
    simToken: stack.simToken,
    stop: async () => {
      // The processes finish (their jobs and connections) before their database goes.
      const exited = stack.children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r))));
      stack.stop();
      const late = setTimeout(() => stack.children.forEach((c) => c.kill('SIGKILL')), 10_000);
      await Promise.all(exited);
      clearTimeout(late);
      if (url) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A numeric `--name=value` argument of this process, else `fallback`. */
export function numberArg(name, fallback) {
  return Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
}
