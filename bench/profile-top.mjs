// Summarises a V8 .cpuprofile (node --cpu-prof): the functions with the most self time, and the
// packages (node_modules/<name>, node: internals, our bundle) their time falls in, and the time below each
// of our own functions that calls into a package (which repository method the SQL time is spent for).
// Usage: node bench/profile-top.mjs <file.cpuprofile> [--top=30]
import { readFileSync } from 'node:fs';
import { numberArg } from '../scripts/lib.mjs';

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file) throw new Error('usage: node bench/profile-top.mjs <file.cpuprofile> [--top=30]');
const top = numberArg('top', 30);
const { nodes, samples, timeDeltas, startTime, endTime } = JSON.parse(readFileSync(file, 'utf8'));

const byId = new Map(nodes.map((n) => [n.id, n]));
const selfUs = new Map();
samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

function where(url) {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  if (url.includes('dist/main.mjs')) return 'server bundle';
  return url.split('/').slice(-2).join('/');
}

const fns = new Map();
const pkgs = new Map();
for (const [id, us] of selfUs) {
  const { callFrame: f } = byId.get(id);
  const name = f.functionName || '(anonymous)';
  const key = `${name}  ${where(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  const pkg = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : where(f.url);
  pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
}

// The nearest of our own named functions above a sample: SQLite's time shows under Kysely's executeQuery,
// and this says whose query it ran.
const parent = new Map();
for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const ours = new Map();
for (const [id, us] of selfUs) {
  let cur = id;
  while (cur !== undefined) {
    const f = byId.get(cur).callFrame;
    if (f.url.includes('dist/main.mjs') && f.functionName) break;
    cur = parent.get(cur);
  }
  const key = cur === undefined ? '(outside our code)' : `${byId.get(cur).callFrame.functionName}:${byId.get(cur).callFrame.lineNumber + 1}`;
  ours.set(key, (ours.get(key) ?? 0) + us);
}

const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const ms = (us) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
console.log(`${file}: ${((endTime - startTime) / 1e6).toFixed(1)} s profiled, ${samples.length} samples\n`);
console.log('self time by package');
for (const [k, us] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${ms(us)} ${pct(us)}  ${k}`);
console.log(`\ntop ${top} functions by self time`);
for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)} ${pct(us)}  ${k}`);
console.log(`\ntop ${top} of our functions by the self time below them (up to the next of ours)`);
for (const [k, us] of [...ours].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)} ${pct(us)}  ${k}`);
