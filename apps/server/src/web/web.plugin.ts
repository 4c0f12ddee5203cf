// Serves the built web apps: the shell at / (its index.html carries the public config) and
// each sub-app at /apps/<prefix>/. Folders that were not built are skipped without a word.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicConfig } from '@scrm/contracts/config';
import { SUB_APPS, subAppBase } from '@scrm/contracts/sub-apps';

export interface WebOptions {
  distRoot: string;
  /** From readShellIndex; null skips the shell. */
  shellIndex: string | null;
}

/** Vite's content-hashed file names, e.g. index-BfR2x9aS.js: safe to cache for a year. */
const HASHED = /[-.][A-Za-z0-9_-]{8,}\.(?:js|mjs|css|woff2?|ttf|svg|png|jpe?g|gif|webp|avif|ico|wasm|map)$/;

function cacheHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string) {
  const name = basename(filePath).replace(/\.(?:gz|br)$/, ''); // pre-compressed twins count as the original
  const hashed = HASHED.test(name) && /[\\/]assets[\\/]/.test(filePath);
  res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** `<script>window.__SCRM__=…</script>` before </head>; `<` escaped so no value can close the tag. */
export function injectPublicConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  const tag = `<script>window.__SCRM__=${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : tag + html;
}

/** The shell's index.html with the public config, or null when the shell was not built. */
export function readShellIndex(distRoot: string, config: PublicConfig): string | null {
  const file = join(distRoot, 'apps', 'shell', 'dist', 'index.html');
  // Read once at start; a rebuilt shell needs a restart, as any deploy does.
  return existsSync(file) ? injectPublicConfig(readFileSync(file, 'utf8'), config) : null;
}

export const sendShellIndex = (reply: FastifyReply, html: string) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

export async function webPlugin(app: FastifyInstance, opts: WebOptions) {
  for (const sub of SUB_APPS) {
    const root = join(opts.distRoot, 'apps', sub.prefix.slice(1), 'dist');
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix: subAppBase(sub),
      decorateReply: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }
  const { shellIndex } = opts;
  if (shellIndex === null) return;
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendShellIndex(reply, shellIndex));
  app.get('/index.html', { schema: { hide: true } }, (_req, reply) => sendShellIndex(reply, shellIndex));
  await app.register(fastifyStatic, {
    root: join(opts.distRoot, 'apps', 'shell', 'dist'),
    prefix: '/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: cacheHeaders,
  });
}
