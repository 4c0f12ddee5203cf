// The one Vite configuration factory of the web apps: the shell and the twelve sub-apps.
import path from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { SHARED_GLOBAL, moduleSharesProvider, sharedFromShell, splitBarrels } from './shared';

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
  if (app) return `app ${app[1]}`;
  return clean.startsWith('scrm-shared:') ? 'shared-module glue (generated)' : clean;
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

const build: UserConfig['build'] = {
  target: 'es2022',
  outDir: 'dist',
  emptyOutDir: true,
  // react-dom and antd's grouped chunks are large on purpose; their size is known.
  chunkSizeWarningLimit: 2000,
};

export interface SubAppOptions {
  /** Path prefix it owns (e.g. /channel-qrcode). */
  prefix: string;
  /** Dev server port of its standalone development (7002–7013). */
  port: number;
}

/** Production base of a sub-app: /apps/<prefix without slash>/ (its remoteEntry.js sits there). */
export const subAppBase = (prefix: string) => `/apps/${prefix.replace(/^\/+|\/+$/g, '')}/`;

/**
 * A sub-app. Its build is an ES module, `remoteEntry.js`, exporting src/app.tsx's routes, with its pages
 * and parts in `assets/`; the shared modules (./shared.ts) are read from the shell's registry, so the
 * build carries no copy of React or antd and no loader code. Its dev server runs it alone (standalone
 * development, index.html, its own copies); the shell's dev server compiles the sub-apps itself.
 * Run `vite` / `vite build` with the app folder as cwd.
 */
export function subAppConfig({ prefix, port }: SubAppOptions) {
  return defineConfig(({ command }) => ({
    base: command === 'build' ? subAppBase(prefix) : '/',
    plugins: [splitBarrels(), react(), bundleStats(), sharedFromShell()],
    server: { port, strictPort: true, proxy },
    preview: { port, strictPort: true, cors: true },
    build: {
      ...build,
      rolldownOptions: {
        input: path.resolve('src/app.tsx'),
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: REMOTE_ENTRY },
      },
    },
  }));
}

const ANTD_BASE =
  /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/](util|motion|resize-observer|trigger|portal)|@babel[\\/]runtime|stylis|@emotion|clsx|antd[\\/]es[\\/](_util|config-provider|theme|locale|style|version))[\\/]/;

/**
 * The components the layout and the first page after login (/channel-qrcode/list) render at once, and those
 * they import (the table's checkbox and radio); the rest stay one file per component, fetched by the pages
 * that use them. A component listed here is fetched by every first page: dialogs, Card and Result are kept
 * off that path (apps/shell/README.md) and out of this list.
 */
const ANTD_COMMON =
  /node_modules[\\/]antd[\\/]es[\\/](alert|avatar|badge|breadcrumb|button|checkbox|dropdown|empty|flex|input|menu|popover|radio|select|space|spin|tag|tooltip|typography)[\\/]/;

/**
 * The shell: the login gate, the layout and the registry of shared modules the sub-apps read
 * (apps/shell/src/app/sub-app-loader.ts, named by `__SCRM_SHARED_GLOBAL__`).
 */
export function shellConfig() {
  return defineConfig({
    base: '/',
    plugins: [react(), bundleStats(), moduleSharesProvider()],
    define: { __SCRM_SHARED_GLOBAL__: JSON.stringify(SHARED_GLOBAL) },
    // The dev server also compiles the sub-apps' sources (moduleSharesProvider's devSubApps).
    server: { port: SHELL_PORT, strictPort: true, proxy, fs: { allow: [path.resolve(import.meta.dirname, '../..')] } },
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
