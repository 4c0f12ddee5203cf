// Web benchmark: what a guest's browser fetches until the login dialog is visible
// (gzipped JS and CSS bytes on the wire, request count, time), in Debian's
// Chromium against the production build. Then, for comparison, the same for a
// logged-in user until the first sub-app page shows, and a menu move to three other sub-apps: the first
// visit, a revisit in the same page, and the first visit again in a new page whose HTTP cache holds the
// previous page's files (warm). Each load also prints the renderer's main-thread time until it showed (Chrome's
// counters: tasks, and of them scripts, style and layout), the part of the time the page itself spends. Budget: 300 KB of JS before the login dialog. Usage: node bench/web.mjs [--runs=3] [--files] [--report] [--port=3911] (the simulator
// on port+1). --report writes bench/bundle-report.md: what each file of both paths holds.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { ensureWebBuild, numberArg, startBenchStack } from '../scripts/lib.mjs';
import { stackClient } from '../scripts/stack-client.mjs';
import { writeBundleReport } from './bundle-report.mjs';

const runs = numberArg('runs', 3);
/** --files: list each JS file fetched, largest first (to see what a change added to a path). */
const listFiles = process.argv.includes('--files');
const writeReport = process.argv.includes('--report');
const port = numberArg('port', 3911);
const simPort = port + 1;
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// The full browser, as a user has it (the e2e runs in the lighter headless shell).
if (!existsSync('/usr/bin/chromium')) {
  console.error('bench/web.mjs needs Debian\'s chromium: apt-get install -y chromium fonts-wqy-microhei');
  process.exit(1);
}
ensureWebBuild();
const stack = await startBenchStack({ port, simPort });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });

/** Loads the page in a fresh context and sums the wire bytes of each kind until `selector` is visible. */
async function measure(selector, token) {
  // Ask for gzip only, so the figures are the gzipped bytes the budget speaks of (br would be smaller).
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Performance.enable');
  const types = new Map();
  const urls = new Map();
  const files = [];
  const bytes = { js: 0, css: 0, other: 0 };
  let requests = 0;
  cdp.on('Network.responseReceived', (e) => {
    const url = e.response.url;
    types.set(e.requestId, /\.m?js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : 'other');
    urls.set(e.requestId, url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    requests += 1;
    bytes[types.get(e.requestId) ?? 'other'] += e.encodedDataLength;
    if (types.get(e.requestId) === 'js') files.push([e.encodedDataLength, new URL(urls.get(e.requestId)).pathname]);
  });
  if (token) {
    await page.goto(`http://127.0.0.1:${port}/api/health`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
  }
  const t0 = Date.now();
  await page.goto(`http://127.0.0.1:${port}/#/channel-qrcode/list`);
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
  const ms = Date.now() - t0;
  // The content frame shows before the sub-app's page does (a spinner until the work spaces have come and the
  // page's code has loaded): logged in, the time until the page itself shows, too.
  let pageMs;
  if (token) {
    await pageShown(page);
    pageMs = Date.now() - t0;
  }
  // The renderer's main thread until then (Chrome's own counters, seconds since the page's process began).
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const thread = { task: metrics.TaskDuration, script: metrics.ScriptDuration, layout: metrics.LayoutDuration, style: metrics.RecalcStyleDuration };
  await page.waitForTimeout(300); // let in-flight responses finish counting
  const shown = { ...bytes };
  const shownRequests = requests;
  // Then everything the page goes on to fetch (a sub-app page's lazily shared modules arrive after the
  // shell's content frame shows; on a slow machine some after a quiet gap): until the network is idle
  // after the shell's idle prefetch (2 s after the page shows) has run.
  await page.waitForLoadState('networkidle', { timeout: 30_000 });
  if (token) {
    await page.waitForTimeout(4_000);
    await page.waitForLoadState('networkidle', { timeout: 30_000 });
  }
  await context.close();
  // What the browser fetched when idle (the other sub-apps' entries) is not part of the page: shown apart.
  const idle = (path) => /^\/apps\/[\w-]+\/remoteEntry\.js$/.test(path) && !path.startsWith('/apps/channel-qrcode/');
  const pageFiles = files.filter(([, path]) => !idle(path));
  const idleFiles = files.filter(([, path]) => idle(path));
  const sum = (list) => list.reduce((a, [n]) => a + n, 0);
  if (listFiles) for (const [n, path] of [...files].sort((a, b) => b[0] - a[0])) console.log(`  ${kb(n).padStart(9)}  ${path}`);
  return {
    ms,
    pageMs,
    thread,
    requests: shownRequests,
    files: pageFiles,
    ...shown,
    jsSettled: sum(pageFiles),
    requestsSettled: requests - idleFiles.length,
    jsIdle: sum(idleFiles),
    requestsIdle: idleFiles.length,
  };
}

/** The sub-apps a user moves to from the first page (a menu click changes the hash the same way). */
const VISITS = ['/staff/list', '/customer/list', '/tag/list'];

/** Waits until a sub-app mount node (not one marked old) holds its page (not a spinner). */
function pageShown(page) {
  return page.waitForFunction(
    () => {
      const node = document.getElementById('ice-container');
      const content = document.querySelector('[data-testid=content]');
      return node && !node.hasAttribute('data-bench-old') && node.childElementCount > 0 && !content?.querySelector('.ant-spin-spinning');
    },
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
}

/** Shows `path` in the open page and waits until a new sub-app mount node holds its page. */
async function moveTo(page, path) {
  await page.evaluate(() => document.getElementById('ice-container')?.setAttribute('data-bench-old', ''));
  const t0 = Date.now();
  await page.evaluate((p) => (location.hash = `#${p}`), path);
  await pageShown(page);
  return Date.now() - t0;
}

/** In one browser context (cache enabled): per sub-app its first visit (cold), a revisit, and a first visit in a new page (warm cache). */
async function measureVisits(token) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  let js = 0;
  const open = async () => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Set();
    cdp.on('Network.responseReceived', (e) => /\.m?js(\?|$)/.test(e.response.url) && scripts.add(e.requestId));
    // A file the HTTP cache answers has no bytes on the wire.
    cdp.on('Network.loadingFinished', (e) => scripts.has(e.requestId) && (js += e.encodedDataLength));
    await page.goto(`http://127.0.0.1:${port}/api/health`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto(`http://127.0.0.1:${port}/#/channel-qrcode/list`);
    await page.locator('[data-testid=content]').first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 });
    return page;
  };
  const result = {};
  const cold = await open();
  for (const path of VISITS) {
    js = 0;
    const ms = await moveTo(cold, path);
    await cold.waitForTimeout(300); // let in-flight responses finish counting
    result[path] = { cold: ms, coldJs: js };
  }
  for (const path of VISITS) {
    await moveTo(cold, '/channel-qrcode/list');
    result[path].revisit = await moveTo(cold, path);
  }
  await cold.close();
  const warm = await open();
  for (const path of VISITS) {
    js = 0;
    result[path].warm = await moveTo(warm, path);
    await warm.waitForTimeout(300);
    result[path].warmJs = js;
  }
  await context.close();
  return result;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function report(title, samples) {
  const pick = (k) => median(samples.map((s) => s[k]));
  console.log(`${title.padEnd(40)} JS ${kb(pick('js')).padStart(9)}   CSS ${kb(pick('css')).padStart(8)}   requests ${String(pick('requests')).padStart(3)}   time ${String(pick('ms')).padStart(5)} ms   in all: JS ${kb(pick('jsSettled')).padStart(9)}, ${pick('requestsSettled')} requests`);
  if (samples[0].pageMs !== undefined) console.log(`${''.padEnd(40)} the content frame shows at that time; the page itself after ${pick('pageMs')} ms`);
  const ms = (k) => `${Math.round(median(samples.map((s) => s.thread[k])) * 1000)} ms`;
  console.log(`${''.padEnd(40)} main thread until then: tasks ${ms('task')}, of which scripts ${ms('script')}, style ${ms('style')}, layout ${ms('layout')}`);
  if (pick('requestsIdle')) console.log(`${''.padEnd(40)} then, when the browser is idle: JS ${kb(pick('jsIdle'))} in ${pick('requestsIdle')} requests (the sub-apps' entries)`);
}

try {
  const guest = [];
  for (let i = 0; i < runs; i++) guest.push(await measure('[data-testid=login-modal]'));
  const token = await stackClient({ server: `http://127.0.0.1:${port}`, sim: `http://127.0.0.1:${simPort}`, simToken: stack.simToken }).registerAccount('13900000001', 'bench1234');
  const user = [];
  for (let i = 0; i < runs; i++) user.push(await measure('[data-testid=content]', token));
  console.log(`\nWeb benchmark — production build, Chromium, cache disabled, median of ${runs} (bytes on the wire, gzip)`);
  report('guest: until the login dialog is visible', guest);
  report('logged in: until /channel-qrcode/list', user);
  const visits = [];
  for (let i = 0; i < runs; i++) visits.push(await measureVisits(token));
  console.log(`menu move from /channel-qrcode/list (cache enabled; JS = bytes fetched from the server for the move):`);
  for (const path of VISITS) {
    const pick = (k) => median(visits.map((v) => v[path][k]));
    console.log(`  ${path.padEnd(16)} first visit ${String(pick('cold')).padStart(5)} ms, JS ${kb(pick('coldJs')).padStart(8)}   revisit ${String(pick('revisit')).padStart(4)} ms   first visit, warm cache ${String(pick('warm')).padStart(5)} ms, JS ${kb(pick('warmJs')).padStart(8)}`);
  }
  console.log(`budget: 300 KB of JS before the login dialog — ${median(guest.map((s) => s.js)) <= 300 * 1024 ? 'within' : 'OVER'}`);
  if (writeReport) {
    const out = new URL('./bundle-report.md', import.meta.url).pathname;
    writeBundleReport(
      [
        { title: 'logged in: until /channel-qrcode/list', files: user.at(-1).files },
        { title: 'guest: until the login dialog is visible', files: guest.at(-1).files },
      ],
      out,
      'node bench/web.mjs --report',
    );
    console.log(`bundle report: ${out}`);
  }
} finally {
  await browser.close();
  await stack.stop();
}
