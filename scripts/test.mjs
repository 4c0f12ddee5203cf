// `npm test`: the whole suite on a fresh machine. Installs what is missing (npm
// packages, Debian's chromium and a CJK font), typechecks, runs the unit and API
// tests on SQLite and — when a server answers on 127.0.0.1:5432 — on PostgreSQL,
// builds the web apps and runs the Playwright e2e in Chromium.
// `npm test -- --only=web,server` runs a subset (names below).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDependencies, log, portOpen, root, run } from './lib.mjs';

const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const wanted = (name) => !only || only.includes(name);
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const reports = mkdtempSync(path.join(os.tmpdir(), 'scrm-test-'));
const results = [];

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  log('安装 Debian chromium 与中文字体…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  apt(['update', '-q']);
  if (apt(['install', '-y', '-q', 'chromium', 'fonts-wqy-microhei']) !== 0) throw new Error('could not install chromium');
}

function vitest(name, args, env = {}) {
  const out = path.join(reports, `${name}.json`);
  const code = run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { env });
  let passed = 0;
  let failed = code === 0 ? 0 : 1;
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed = r.numPassedTests;
    failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  }
  results.push({ name, passed, failed });
}

function playwright(name, env = {}) {
  const out = path.join(reports, `${name}.json`);
  const code = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out, ...env },
  });
  let passed = 0;
  let failed = code === 0 ? 0 : 1;
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats;
    passed = s.expected + s.flaky;
    failed = s.unexpected + (code !== 0 && s.unexpected === 0 ? 1 : 0);
  }
  results.push({ name, passed, failed });
}

ensureDependencies();
if (wanted('typecheck')) {
  const code = run('npx', ['tsc', '-p', 'tsconfig.json']);
  results.push({ name: 'typecheck', passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
}
if (wanted('repo')) vitest('repo', ['--root', 'scripts']);
if (wanted('web')) vitest('web', ['-c', 'vitest.web.config.ts']);
if (wanted('wecom')) vitest('wecom', ['--root', 'packages/wecom']);
if (wanted('sim')) vitest('sim', ['--root', 'packages/wecom-sim']);
if (wanted('server')) vitest('server-sqlite', ['--root', 'apps/server'], { TEST_DATABASE_URL: '' });
if (wanted('server-pg')) {
  if (await portOpen(5432)) vitest('server-postgres', ['--root', 'apps/server'], { TEST_DATABASE_URL: pgUrl });
  else log('PostgreSQL 不可达（127.0.0.1:5432），跳过 PostgreSQL 测试');
}
if (wanted('e2e')) {
  ensureChromium();
  if (run('node', ['scripts/build-web.mjs']) !== 0) results.push({ name: 'build', passed: 0, failed: 1 });
  else playwright('e2e');
}

rmSync(reports, { recursive: true, force: true });
console.log('');
for (const r of results) console.log(`  ${r.name.padEnd(16)} ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
