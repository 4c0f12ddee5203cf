// The one Vite configuration factory of the web apps: the shell and the twelve sub-apps.
import path from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStylesOut } from './antd-styles';
import { lazyOnly, leanImports } from './lean-imports';
import { SHARED_GLOBAL, firstPageModuleShares, moduleSharesProvider, providedModuleKeys, sharedFromShell, splitBarrels } from './shared';

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
  /node_modules[\\/]antd[\\/]es[\\/](avatar|badge|breadcrumb|button|checkbox|dropdown|empty|flex|input|menu|popover|radio|select|space|spin|tag|tooltip|typography)[\\/]/;

const RC_COMPONENT = /node_modules[\\/]@rc-component[\\/]/;
const ICON_MODULE = /node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]icons[\\/](\w+)\.js$/;
const ICONS_PACKAGE = /node_modules[\\/]@ant-design[\\/]icons[\\/]/;

/**
 * The file an icon of the icons package goes to: the icons the shell's code and the app of the first page
 * after login (HOME_AFTER_LOGIN) import, with the package's own code, to `icons`; those only other sub-apps
 * import to `icons-more`, fetched by the first of their pages that shows; those only antd's components
 * import go with the components.
 */
function iconFile(id: string): string | null {
  const icon = ICON_MODULE.exec(id);
  if (!icon) return ICONS_PACKAGE.test(id) ? 'icons' : null;
  const key = `@ant-design/icons/es/icons/${icon[1]}`;
  if (firstPageModuleShares().has(key)) return 'icons';
  return providedModuleKeys().has(key) ? 'icons-more' : null;
}

/**
 * The shell: the login gate, the layout and the registry of shared modules the sub-apps read
 * (apps/shell/src/app/sub-app-loader.ts, named by `__SCRM_SHARED_GLOBAL__`).
 */
export function shellConfig() {
  const lazy = lazyOnly();
  /** A group of antd's modules by `test`, without those loaded only when a lazy part shows. */
  const antdGroup = (name: string, test: RegExp) => (id: string, ctx: Parameters<typeof lazy>[1]) => (test.test(id) && !lazy(id, ctx) ? name : null);
  return defineConfig({
    base: '/',
    plugins: [react(), bundleStats(), moduleSharesProvider(), leanImports(), antdStylesOut()],
    define: { __SCRM_SHARED_GLOBAL__: JSON.stringify(SHARED_GLOBAL) },
    // The dev server also compiles the sub-apps' sources (moduleSharesProvider's devSubApps).
    server: { port: SHELL_PORT, strictPort: true, proxy, fs: { allow: [path.resolve(import.meta.dirname, '../..')] } },
    preview: { port: SHELL_PORT, strictPort: true, proxy },
    build: {
      ...build,
      rolldownOptions: {
        // antd's own modules say they have no side effects; the @rc-component packages under them have none
        // either, but do not say so. Said here, a module none of whose exports is used is left out of the
        // build, and an import whose names go unused brings nothing (the virtual table, which only a table
        // with `virtual` set renders).
        treeshake: { moduleSideEffects: (id: string) => (RC_COMPONENT.test(id) ? false : undefined) },
        output: {
          // Per-module sharing splits antd into many small files; these groups keep what the layout
          // needs anyway (antd's style engine, theme, config, motion, popups), the common components and
          // the first page's icons in one file each. React is its own group, so that grouping antd does not pull it
          // into the guest path; Vite's preload helper goes with it (every path needs both), or the group of
          // antd's lazily loaded parts (./lean-imports.ts) would take the helper and the guest path with it.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite[\\/]preload-helper/, priority: 30 },
              { name: iconFile, test: (id: string) => iconFile(id) !== null, priority: 20 },
              { name: antdGroup('antd-base', ANTD_BASE), priority: 10 },
              { name: antdGroup('antd-common', ANTD_COMMON), priority: 5 },
            ],
          },
        },
      },
    },
  });
}
