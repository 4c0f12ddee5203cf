// `npm test`: the whole suite on a fresh machine. Installs what is missing (npm
// packages, Debian's Chromium headless shell and a CJK font), typechecks, runs the unit and API
// tests on SQLite and — when a server answers on 127.0.0.1:5432 — on PostgreSQL,
// builds the web apps and runs the Playwright e2e in Chromium.
// `npm test -- --only=web,server` runs a subset (names below).
// The API suites (SQLite and PostgreSQL, side by side) run in a second lane beside the rest: SQLite's one
// file at a time, PostgreSQL's two; they wait on their databases much of it, so the machine's cores serve
// the typecheck, the web tests and the build meanwhile. Each suite's output is kept in its own file and printed once
// both are done; then the e2e runs alone (its browsers, servers and simulators want both cores).
// `--serial` runs everything one after another, output as it comes.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDependencies, log, portOpen, root, run } from './lib.mjs';

const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const wanted = (name) => !only || only.includes(name);
const serial = process.argv.includes('--serial');
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const reports = mkdtempSync(path.join(os.tmpdir(), 'scrm-test-'));
const results = [];
/** The failed (and, for the e2e, flaky) tests by name, printed just above the closing lines: CI shows the tail. */
const failures = [];
const firstLine = (text) => String(text ?? '').replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n')[0].slice(0, 200);

function ensureChromium() {
  // The e2e runs in Chromium's headless shell (e2e/playwright.config.ts); without the font Chinese renders as boxes.
  if (existsSync('/usr/bin/chromium-headless-shell') && existsSync('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc')) return;
  log('安装 Debian chromium-headless-shell 与中文字体…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  apt(['update', '-q']);
  if (apt(['install', '-y', '-q', 'chromium-headless-shell', 'fonts-wqy-microhei']) !== 0) throw new Error('could not install chromium');
}

const vitestArgs = (name, args) => ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`];

/** A command with its output shown as it comes; the event loop runs meanwhile (the second lane's exits are heard). */
function runLive(cmd, args, env = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function vitest(name, args, env = {}) {
  vitestResult(name, await runLive('npx', vitestArgs(name, args), env));
}

/** Runs a vitest suite in the background, its output into `logFile`; resolves once it is counted. */
function vitestInBackground(name, args, env, logFile) {
  const fd = openSync(logFile, 'a');
  const child = spawn('npx', vitestArgs(name, args), { cwd: root, stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
  closeSync(fd);
  return new Promise((resolve) => {
    child.on('error', () => resolve(vitestResult(name, 1)));
    child.on('exit', (code) => resolve(vitestResult(name, code ?? 1)));
  });
}

function vitestResult(name, code) {
  const out = path.join(reports, `${name}.json`);
  let passed = 0;
  let failed = code === 0 ? 0 : 1;
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed = r.numPassedTests;
    failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name);
      if (file.status === 'failed' && !file.assertionResults?.some((a) => a.status === 'failed')) failures.push(`${name}  ${where}: ${firstLine(file.message)}`);
      for (const a of file.assertionResults ?? []) if (a.status === 'failed') failures.push(`${name}  ${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    }
  }
  results.push({ name, passed, failed });
}

async function playwright(name, env = {}) {
  const out = path.join(reports, `${name}.json`);
  const code = await runLive('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out, ...env });
  let passed = 0;
  let failed = code === 0 ? 0 : 1;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const s = report.stats;
    passed = s.expected + s.flaky;
    failed = s.unexpected + (code !== 0 && s.unexpected === 0 ? 1 : 0);
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
          const error = t.results?.find((r) => r.status !== 'passed' && r.status !== 'skipped')?.error?.message;
          failures.push(`${name}  e2e/specs/${spec.file}:${spec.line} › ${spec.title}${t.status === 'flaky' ? '（重试后通过）' : ''}: ${firstLine(error)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
  }
  results.push({ name, passed, failed });
}

/** The API suites: SQLite, and PostgreSQL when a server answers; `together`, side by side. */
async function serverSuites(runOne, together = false) {
  const suites = [];
  if (wanted('server')) suites.push(['server-sqlite', { TEST_DATABASE_URL: '' }, []]);
  if (wanted('server-pg')) {
    // Two files at a time: one file waits on PostgreSQL about half its time (its process used 165
    // CPU-seconds of the suite's 337), so a second fills those waits. Both suites side by side, alone on
    // the machine: 264 s (PostgreSQL's the longer) → 206 s.
    if (await portOpen(5432)) suites.push(['server-postgres', { TEST_DATABASE_URL: pgUrl }, ['--maxWorkers=2']]);
    else log('PostgreSQL 不可达（127.0.0.1:5432），跳过 PostgreSQL 测试');
  }
  const run = ([name, env, args]) => runOne(name, ['--root', 'apps/server', ...args], env);
  if (together) await Promise.all(suites.map(run));
  else for (const suite of suites) await run(suite);
}

ensureDependencies();
if (wanted('e2e')) ensureChromium();
const laneLog = (name) => path.join(reports, `${name}.log`);
const lane =
  serial || !(wanted('server') || wanted('server-pg')) ? undefined : serverSuites((name, args, env) => vitestInBackground(name, args, env, laneLog(name)), true);
if (wanted('typecheck')) {
  const code = await runLive('npx', ['tsc', '-p', 'tsconfig.json']);
  results.push({ name: 'typecheck', passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
}
if (wanted('repo')) await vitest('repo', ['--root', 'scripts']);
if (wanted('web')) await vitest('web', ['-c', 'vitest.web.config.ts']);
if (wanted('wecom')) await vitest('wecom', ['--root', 'packages/wecom']);
if (wanted('sim')) await vitest('sim', ['--root', 'packages/wecom-sim']);
if (serial) await serverSuites(vitest);
const built = wanted('e2e') && (await runLive('node', ['scripts/build-web.mjs'])) === 0;
if (wanted('e2e') && !built) results.push({ name: 'build', passed: 0, failed: 1 });

// The e2e run alone: beside the API suites, on two cores, their waits ran out on slower machines.
if (lane) {
  if (results.length) log('等待 API 测试（SQLite、PostgreSQL）结束…');
  await lane;
  for (const name of ['server-sqlite', 'server-postgres'])
    if (existsSync(laneLog(name))) process.stdout.write(`\n${'-'.repeat(30)} ${name}（后台运行）的输出 ${'-'.repeat(30)}\n${readFileSync(laneLog(name), 'utf8')}\n`);
}
if (built) await playwright('e2e');
rmSync(reports, { recursive: true, force: true });
console.log('');
if (failures.length) {
  console.log('未通过或重试后才通过的测试：');
  for (const f of failures) console.log(`  ${f}`);
  console.log('');
}
for (const r of results) console.log(`  ${r.name.padEnd(16)} ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
