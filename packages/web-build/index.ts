// The one Vite configuration factory of the web apps: the shell and the twelve sub-apps.
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { moduleSharesOf, moduleSharesProvider, splitBarrels } from './shared';

/**
 * Shared as Module Federation singletons: one React, one antd, one store for the shell and every sub-app.
 * antd and the icons are shared per module (see ./shared.ts): these two names are the packages.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'antd',
  '@ant-design/icons',
  '@tanstack/react-query',
  '@scrm/web-kit',
  // antd's date pickers call plugin methods (weekday, localeData…) on the dayjs objects they are given,
  // so a sub-app must create them with antd's own dayjs instance.
  'dayjs',
] as const;

export const SHELL_PORT = 7001;
export const API_TARGET = 'http://127.0.0.1:3000';
export const REMOTE_ENTRY = 'remoteEntry.js';

const proxy = { '/api': { target: API_TARGET } };

/** Where each build writes what its chunks hold (read by bench/bundle-report.mjs). */
export const BUNDLE_STATS = 'bundle-stats.json';

/** The package a module belongs to (`antd`, `@ant-design/cssinjs`), or the app's own folder. */
function ownerOf(id: string): string {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const nm = clean.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const [first, second] = clean.slice(nm + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  const pkg = /\/packages\/([^/]+)\//.exec(clean);
  if (pkg) return `@scrm/${pkg[1]}`;
  const app = /\/apps\/([^/]+)\//.exec(clean);
  return app ? `app ${app[1]}` : clean.startsWith('virtual') || clean.includes('__mf') ? 'module federation (generated)' : clean;
}

/**
 * Writes dist/bundle-stats.json after a build: for every JS chunk its file, the entry or dynamic import
 * it serves, its static imports and the rendered bytes of each package in it.
 */
function bundleStats(): Plugin {
  return {
    name: 'scrm-bundle-stats',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((out) => out.type === 'chunk')
        .map((chunk) => {
          const packages: Record<string, number> = {};
          for (const [id, mod] of Object.entries(chunk.modules)) {
            const owner = ownerOf(id);
            packages[owner] = (packages[owner] ?? 0) + mod.renderedLength;
          }
          return {
            file: chunk.fileName,
            entry: chunk.isEntry,
            dynamicEntry: chunk.isDynamicEntry,
            facade: chunk.facadeModuleId ? ownerOf(chunk.facadeModuleId) + ' ' + path.basename(chunk.facadeModuleId) : null,
            imports: chunk.imports,
            dynamicImports: chunk.dynamicImports,
            packages,
          };
        });
      this.emitFile({ type: 'asset', fileName: BUNDLE_STATS, source: JSON.stringify(chunks, null, 1) });
    },
  };
}

function findPackageJson(pkg: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return file;
    if (path.dirname(dir) === dir) throw new Error(`web-build: cannot find ${pkg} from ${from}`);
  }
}

/** Installed versions of the shared packages, which the shell announces when it provides them. */
export function sharedVersions(from = process.cwd()): Record<string, string> {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((pkg) => [pkg, JSON.parse(fs.readFileSync(findPackageJson(pkg, from), 'utf8')).version as string]),
  );
}

const build: UserConfig['build'] = {
  target: 'es2022',
  outDir: 'dist',
  emptyOutDir: true,
  // antd and the icon set are shared whole on purpose; their size is known.
  chunkSizeWarningLimit: 2000,
};

export interface SubAppOptions {
  /** Module Federation name, an identifier (e.g. channel_qrcode). */
  name: string;
  /** Path prefix it owns (e.g. /channel-qrcode). */
  prefix: string;
  /** Dev server port (7002–7013). */
  port: number;
}

/** Production base of a sub-app: /apps/<prefix without slash>/ (its remoteEntry.js sits there). */
export const subAppBase = (prefix: string) => `/apps/${prefix.replace(/^\/+|\/+$/g, '')}/`;

/**
 * A sub-app: a Module Federation remote that exposes `./app` (its routes) from src/app.tsx, plus an
 * index.html for standalone development. Run `vite` / `vite build` with the app folder as cwd.
 */
export function subAppConfig({ name, prefix, port }: SubAppOptions) {
  return defineConfig(({ command }) => ({
    base: command === 'build' ? subAppBase(prefix) : '/',
    plugins: [
      splitBarrels(),
      react(),
      bundleStats(),
      federation({
        name,
        filename: REMOTE_ENTRY,
        exposes: { './app': './src/app.tsx' },
        shared: Object.fromEntries(
          [...SHARED_SINGLETONS.filter((pkg) => pkg !== 'antd' && pkg !== '@ant-design/icons'), ...moduleSharesOf(path.resolve('src/app.tsx'))].map((pkg) => [
            pkg,
            // In production the shell always provides the shared packages, so the remote ships no copy
            // of its own (smaller output, much faster builds). The dev server keeps local copies so
            // that a sub-app also runs on its own.
            command === 'build' ? { singleton: true, import: false as const } : { singleton: true },
          ]),
        ),
        dts: false,
        // The shell's runtime serves every remote (it sets globalThis._FEDERATION_RUNTIME_CORE), so a
        // remote does not ship its own ~19 KB gz copy. A dev server keeps its copy: it also runs alone.
        ...(command === 'build' ? { experiments: { externalRuntime: true } } : {}),
      }),
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}`, cors: true, proxy },
    preview: { port, strictPort: true, cors: true },
    build,
  }));
}

const ANTD_BASE =
  /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/](util|motion|resize-observer|trigger|portal)|@babel[\\/]runtime|stylis|@emotion|clsx|antd[\\/]es[\\/](_util|config-provider|theme|locale|style|version))[\\/]/;

/**
 * The components the layout and the first page after login use (and those they import, e.g. the form's
 * grid, the table's checkbox); the rest stay one file per component, fetched by the pages that use them.
 */
const ANTD_COMMON =
  /node_modules[\\/]antd[\\/]es[\\/](alert|avatar|badge|breadcrumb|button|card|checkbox|col|divider|dropdown|empty|flex|form|grid|input|menu|modal|popover|radio|result|row|select|skeleton|space|spin|tag|tooltip|typography)[\\/]/;

/**
 * The shell, the Module Federation host. It does not use the Vite federation plugin: that plugin
 * preloads every shared package (antd included, ~530 KB gzipped) from index.html, while the login gate
 * must load without antd. The shell's logged-in part creates the federation runtime itself
 * (@module-federation/runtime, the version the plugin puts in the remotes) and provides the
 * singletons it already loaded; the versions come from here.
 */
export function shellConfig() {
  return defineConfig({
    base: '/',
    plugins: [react(), bundleStats(), moduleSharesProvider()],
    define: { __SCRM_SHARED_VERSIONS__: JSON.stringify(sharedVersions()) },
    server: { port: SHELL_PORT, strictPort: true, proxy },
    preview: { port: SHELL_PORT, strictPort: true, proxy },
    build: {
      ...build,
      rolldownOptions: {
        output: {
          // Per-module sharing splits antd into many small files; these groups keep what the layout
          // needs anyway (antd's style engine, theme, config, motion, popups), the common components and
          // the icons in one file each. React is its own group, so that grouping antd does not pull it
          // into the guest path.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
              { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/, priority: 20 },
              { name: 'antd-base', test: ANTD_BASE, priority: 10 },
              { name: 'antd-common', test: ANTD_COMMON, priority: 5 },
            ],
          },
        },
      },
    },
  });
}
