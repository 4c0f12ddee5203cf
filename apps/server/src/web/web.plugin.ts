// Serves the built web apps: the shell at / (its index.html carries the public config and the
// security headers) and each sub-app at /apps/<prefix>/. A sub-app that was not built is logged once.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicConfig } from '@scrm/contracts/config';
import { SUB_APPS, subAppBase } from '@scrm/contracts/sub-apps';

export interface WebOptions {
  distRoot: string;
  /** From readShellIndex; null skips the shell. */
  shellIndex: ShellIndex | null;
}

/** Vite's content-hashed file names, e.g. index-BfR2x9aS.js: safe to cache for a year. */
const HASHED = /[-.][A-Za-z0-9_-]{8,}\.(?:js|mjs|css|woff2?|ttf|svg|png|jpe?g|gif|webp|avif|ico|wasm|map)$/;

function cacheHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string) {
  const name = basename(filePath).replace(/\.(?:gz|br)$/, ''); // pre-compressed twins count as the original
  const hashed = HASHED.test(name) && /[\\/]assets[\\/]/.test(filePath);
  res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('x-content-type-options', 'nosniff');
}

/** Files the pages load: a missing one is a 404, never the shell page (a script answered with HTML fails only as a MIME error). */
const WEB_FILE = /^\/(?:apps|assets)\//;
export const isWebFilePath = (url: string) => WEB_FILE.test(url);

/** The shell's index.html with the public config, and the headers it is sent with. */
export interface ShellIndex {
  html: string;
  headers: Record<string, string>;
}

/**
 * What the pages may load: scripts only from here (and the one inline config script, by its hash),
 * inline styles (antd's CSS-in-JS injects <style> tags), images also from WeCom (avatars, QR codes
 * over https) and the simulator, and no framing by other sites.
 */
export function securityHeaders(configScript: string, simulatorUrl?: string): Record<string, string> {
  const scriptHash = createHash('sha256').update(configScript).digest('base64');
  const simulator = simulatorUrl ? ` ${new URL(simulatorUrl).origin}` : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'sha256-${scriptHash}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${simulator}`,
    "font-src 'self' data:",
    "media-src 'self' blob: https:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

/** The body of the inline `<script>` that hands the public config to the shell. */
export function publicConfigScript(config: PublicConfig): string {
  // `<` escaped so no value can close the tag.
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `window.__SCRM__=${json}`;
}

/** `<script>window.__SCRM__=…</script>` before </head>. */
export function injectPublicConfig(html: string, config: PublicConfig): string {
  const tag = `<script>${publicConfigScript(config)}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : tag + html;
}

/** The shell's index.html with the public config, or null when the shell was not built. */
export function readShellIndex(distRoot: string, config: PublicConfig): ShellIndex | null {
  const file = join(distRoot, 'apps', 'shell', 'dist', 'index.html');
  // Read once at start; a rebuilt shell needs a restart, as any deploy does.
  if (!existsSync(file)) return null;
  return {
    html: injectPublicConfig(readFileSync(file, 'utf8'), config),
    headers: securityHeaders(publicConfigScript(config), config.simulatorUrl),
  };
}

export const sendShellIndex = (reply: FastifyReply, index: ShellIndex) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').headers(index.headers).send(index.html);

export async function webPlugin(app: FastifyInstance, opts: WebOptions) {
  for (const sub of SUB_APPS) {
    const root = join(opts.distRoot, 'apps', sub.prefix.slice(1), 'dist');
    if (!existsSync(root)) {
      // Its pages would only show the loader's error: say which build is missing.
      if (opts.shellIndex) app.log.warn(`web: sub-app ${sub.name} is not built (${root} missing); its pages cannot load`);
      continue;
    }
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
