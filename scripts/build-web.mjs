// Builds the shell and the 12 sub-apps (each its own Vite build), two at a time.
import { spawn } from 'node:child_process';
import { readdirSync, existsSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { log, root } from './lib.mjs';

const apps = readdirSync(path.join(root, 'apps')).filter((dir) =>
  existsSync(path.join(root, 'apps', dir, 'vite.config.ts')),
);
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const parallel = Number(process.env.BUILD_PARALLEL ?? 2);
const started = Date.now();

function build(app) {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps', app),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
    child.on('exit', (code) => {
      if (code === 0) {
        log(`built ${app} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new Error(`build of ${app} failed (${code})`));
    });
  });
}

const queue = [...apps];
async function worker() {
  while (queue.length) await build(queue.shift());
}
/** Writes .gz and .br beside every text asset, so the server sends them pre-compressed. */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (/\.(js|mjs|css|svg|json)$/.test(entry.name) && statSync(file).size >= 1024) {
      const body = readFileSync(file);
      writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
    }
  }
}

try {
  await Promise.all(Array.from({ length: parallel }, worker));
  for (const app of apps) precompress(path.join(root, 'apps', app, 'dist'));
  log(`built ${apps.length} web apps in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
