// What the shell shares with the sub-apps, and how a sub-app's bundle reaches it.
//
// The shell provides one instance of React, react-dom, the router, react-query, dayjs and web-kit, and
// antd and its icons per module: a sub-app's `import { Button } from 'antd'` becomes
// `import Button from 'antd/es/button'`, and each such path is a shared module the shell provides from the
// same module it renders with (so ConfigProvider, the theme, the locale and the message/modal holders stay
// one instance). A page then fetches only the components it uses, and a module that only a lazily loaded
// page imports is fetched with that page.
//
// The hand-over is ours, not a federation runtime's: the shell puts a registry on `globalThis[SHARED_GLOBAL]`
// (`load(keys)` fetches what is not loaded yet, `get(key)` returns a loaded module). In a sub-app's build
// each import of a shared module becomes a small module that reads it from the registry, and every output
// file that holds such modules starts by awaiting `load` of exactly those keys, in one go.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { HOME_AFTER_LOGIN } from '../contracts/src/constants';

const root = path.resolve(import.meta.dirname, '../..');

/** The barrels split per module, and the folder their modules live in. */
const BARRELS = {
  antd: (_name: string, dir: string | undefined) => (dir ? `antd/es/${dir}` : undefined),
  '@ant-design/icons': (name: string) =>
    fs.existsSync(path.join(packageDir('@ant-design/icons'), 'es/icons', `${name}.js`)) ? `@ant-design/icons/es/icons/${name}` : undefined,
} as const;
type Barrel = keyof typeof BARRELS;

function packageDir(pkg: string): string {
  return path.join(root, 'node_modules', pkg);
}

let antdDirs: Map<string, string> | undefined;
/** antd's barrel: each exported component and the folder it is defined in (`Button` → `button`). */
export function antdComponents(): Map<string, string> {
  if (!antdDirs) {
    const source = fs.readFileSync(path.join(packageDir('antd'), 'es/index.js'), 'utf8');
    antdDirs = new Map([...source.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)].map((m) => [m[1], m[2]]));
  }
  return antdDirs;
}

/** The module path a name of a barrel is defined in, or undefined (a type, or not split). */
export function modulePathOf(barrel: Barrel, name: string): string | undefined {
  return BARRELS[barrel](name, antdComponents().get(name));
}

const IMPORT_RE = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"](antd|@ant-design\/icons)['"];?/g;

interface Specifier {
  imported: string;
  local: string;
  typeOnly: boolean;
}

function specifiers(list: string): Specifier[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const typeOnly = s.startsWith('type ');
      const [imported, local = imported] = s.replace(/^type\s+/, '').split(/\s+as\s+/);
      return { imported: imported.trim(), local: local.trim(), typeOnly };
    });
}

/** Rewrites the barrel imports of one source file; names that are not split (types) stay type imports. */
export function splitBarrelImports(code: string): string {
  return code.replace(IMPORT_RE, (_all, typeImport: string | undefined, list: string, barrel: Barrel) => {
    if (typeImport) return _all;
    const lines: string[] = [];
    const types: string[] = [];
    for (const s of specifiers(list)) {
      const target = s.typeOnly ? undefined : modulePathOf(barrel, s.imported);
      if (target) lines.push(`import ${s.local} from '${target}';`);
      else types.push(s.imported === s.local ? s.imported : `${s.imported} as ${s.local}`);
    }
    if (types.length) lines.push(`import type { ${types.join(', ')} } from '${barrel}';`);
    return lines.join(' ');
  });
}

/** Vite plugin: applies splitBarrelImports to the app's own sources (not to node_modules). */
export function splitBarrels(): Plugin {
  return {
    name: 'scrm-split-barrels',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(id.replace(/\?.*$/, ''))) return null;
      if (!code.includes("'antd'") && !code.includes("'@ant-design/icons'") && !code.includes('"antd"')) return null;
      const out = splitBarrelImports(code);
      return out === code ? null : { code: out, map: null };
    },
  };
}

/** Packages a sub-app bundles (not shared), by import name: their entry file. */
const BUNDLED_PACKAGES: Record<string, string> = {
  '@scrm/web-parts': path.join(root, 'packages/web-parts/src/index.ts'),
  '@scrm/web-kit/ui': path.join(root, 'packages/web-kit/src/ui/index.ts'),
};

function resolveSource(from: string, spec: string): string | undefined {
  if (BUNDLED_PACKAGES[spec]) return BUNDLED_PACKAGES[spec];
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
  );
}

const STATIC_RE = /(import|export)\s+(type\s+)?([\w*\s{},$]*?)\s*from\s*['"]([^'"]+)['"]/g;
const DYNAMIC_RE = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * The per-module keys one sub-app's code imports (`antd/es/button`, `@ant-design/icons/es/icons/…`): its
 * modules from src/app.tsx on, through relative imports and the parts of web-parts and web-kit/ui it uses.
 * The shell provides the icons that some sub-app reaches this way.
 */
export function moduleSharesOf(entry: string): string[] {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, names?: string[]) => {
    const id = names ? `${file}#${names.sort().join(',')}` : file;
    if (seen.has(id) || seen.has(file)) return;
    seen.add(id);
    const code = fs.readFileSync(file, 'utf8');
    const barrel = Object.values(BUNDLED_PACKAGES).includes(file);
    for (const m of code.matchAll(STATIC_RE)) {
      const [, kind, typeOnly, clause, spec] = m;
      if (typeOnly) continue;
      const named = /\{([^}]*)\}/.exec(clause)?.[1];
      const list = named ? specifiers(named).filter((s) => !s.typeOnly) : [];
      if (spec in BARRELS) {
        for (const s of list) {
          const target = modulePathOf(spec as Barrel, s.imported);
          if (target) keys.add(target);
        }
        continue;
      }
      const target = resolveSource(file, spec);
      if (!target) continue;
      if (barrel && names && kind === 'export' && !list.some((s) => names.includes(s.local))) continue;
      visit(target, BUNDLED_PACKAGES[spec] && named ? list.map((s) => s.imported) : undefined);
    }
    for (const m of code.matchAll(DYNAMIC_RE)) {
      const target = resolveSource(file, m[1]);
      if (target) visit(target);
    }
  };
  visit(entry);
  return [...keys].sort();
}

/** Source folders whose code ends up in sub-app bundles (the shell provides what they import). */
function subAppEntries(): string[] {
  return subAppFolders().map((app) => path.join(root, 'apps', app, 'src/app.tsx'));
}

/** Every per-module share key some sub-app imports. */
export function subAppModuleShares(): string[] {
  return [...new Set(subAppEntries().flatMap(moduleSharesOf))].sort();
}

let firstPageShares: Set<string> | undefined;
/**
 * The per-module keys the console's first page after login may import: the shell's own code, and the page
 * of HOME_AFTER_LOGIN (found in its sub-app's routes.tsx).
 */
export function firstPageModuleShares(): Set<string> {
  if (!firstPageShares) {
    const routes = path.join(root, 'apps', HOME_AFTER_LOGIN.split('/')[1], 'src/routes.tsx');
    const page = new RegExp(`path: '${HOME_AFTER_LOGIN}',[^\\n]*?import\\('([^']+)'\\)`).exec(fs.readFileSync(routes, 'utf8'))?.[1];
    const file = page && resolveSource(routes, page);
    if (!file) throw new Error(`web-build: ${routes} has no lazily loaded page for ${HOME_AFTER_LOGIN}`);
    firstPageShares = new Set([...moduleSharesOf(path.join(root, 'apps/shell/src/app/logged-in-app.tsx')), ...moduleSharesOf(file)]);
  }
  return firstPageShares;
}

/** The global the shell's registry of shared modules lives on. */
export const SHARED_GLOBAL = '__scrmShared';

/** Packages the shell provides whole (one instance each); antd and the icons are provided per module. */
export const SHARED_PACKAGES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  '@tanstack/react-query',
  '@scrm/web-kit',
  // antd's date pickers call plugin methods (weekday, localeData…) on the dayjs objects they are given,
  // so a sub-app must create them with antd's own dayjs instance.
  'dayjs',
] as const;

export const MODULE_SHARES_ID = 'virtual:scrm-module-shares';

/** Packages the shell provides with only the names the sub-apps import (the rest is not bundled for them). */
export const PICKED_SHARES = ['react-router-dom', '@tanstack/react-query'] as const;

let providedModules: Set<string> | undefined;
/** The per-module keys the shell provides: every antd component, and each icon some sub-app imports. */
export function providedModuleKeys(): Set<string> {
  providedModules ??= new Set([...[...antdComponents().values()].map((dir) => `antd/es/${dir}`), ...subAppModuleShares()]);
  return providedModules;
}

/** Whether an import in a sub-app is served by the shell (anything else is bundled into the sub-app). */
export function isSharedKey(id: string): boolean {
  return (SHARED_PACKAGES as readonly string[]).includes(id) || providedModuleKeys().has(id);
}

const requireFromRoot = createRequire(path.join(root, 'package.json'));

/**
 * The names a sub-app may import from a shared module: a component or icon module has its default only;
 * the picked packages and web-kit the names the sub-apps import (what the shell provides); the CommonJS
 * packages (React, react-dom, dayjs) every key of the module.
 */
export function exportNamesOf(key: string): string[] {
  if (providedModuleKeys().has(key)) return ['default'];
  if ((PICKED_SHARES as readonly string[]).includes(key) || key === '@scrm/web-kit') return namesImportedFrom(key);
  return ['default', ...Object.keys(requireFromRoot(key) as object).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default')];
}

const SHARE_PREFIX = '\0scrm-shared:';

/** The code of the module that stands for shared module `key` in a sub-app's bundle. */
export function sharedModuleCode(key: string): string {
  const names = exportNamesOf(key);
  const named = names.filter((name) => name !== 'default');
  return [
    `const shared = globalThis.${SHARED_GLOBAL}.get(${JSON.stringify(key)});`,
    ...(names.includes('default') ? ['export default shared.default;'] : []),
    ...(named.length ? [`export const { ${named.join(', ')} } = shared;`] : []),
    '',
  ].join('\n');
}

/**
 * Vite plugin of a sub-app's production build: imports of shared modules resolve to modules that read
 * the shell's registry, and each output file that holds some first awaits `load` of those keys (one
 * fetch round for all of a file's shared modules; a lazily loaded page's modules come with the page).
 */
export function sharedFromShell(): Plugin {
  return {
    name: 'scrm-shared-from-shell',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (isSharedKey(id) ? `${SHARE_PREFIX}${id}` : null),
    load: (id) => (id.startsWith(SHARE_PREFIX) ? sharedModuleCode(id.slice(SHARE_PREFIX.length)) : null),
    renderChunk(code, chunk) {
      const keys = chunk.moduleIds.filter((id) => id.startsWith(SHARE_PREFIX)).map((id) => id.slice(SHARE_PREFIX.length));
      if (!keys.length) return null;
      return { code: `await globalThis.${SHARED_GLOBAL}.load(${JSON.stringify(keys.sort())});\n${code}`, map: null };
    },
  };
}

/** The files under `dir`, at any depth, whose name `keep` accepts. */
export function* filesUnder(dir: string, keep: (name: string) => boolean): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file, keep);
    else if (keep(entry.name)) yield file;
  }
}

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);

/** The value names the sub-apps' sources (and the parts they bundle) import from `pkg`. */
export function namesImportedFrom(pkg: string): string[] {
  const dirs = [
    ...subAppEntries().map((entry) => path.dirname(entry)),
    path.join(root, 'packages/web-parts/src'),
    path.join(root, 'packages/web-kit/src/ui'),
  ];
  const names = new Set<string>();
  for (const dir of dirs) {
    for (const file of filesUnder(dir, isSource)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(STATIC_RE)) {
        const [, kind, typeOnly, clause, spec] = m;
        if (kind !== 'import' || typeOnly || spec !== pkg) continue;
        if (!/^\s*\{[^}]*\}\s*$/.test(clause)) throw new Error(`web-build: ${file} imports ${pkg} other than by name; it is shared by name`);
        for (const s of specifiers(/\{([^}]*)\}/.exec(clause)![1])) if (!s.typeOnly) names.add(s.imported);
      }
    }
  }
  return [...names].sort();
}

/** The sub-apps' folders under apps/ (each builds src/app.tsx). */
export function subAppFolders(): string[] {
  return fs
    .readdirSync(path.join(root, 'apps'))
    .filter((app) => app !== 'shell' && fs.existsSync(path.join(root, 'apps', app, 'vite.config.ts')));
}

/**
 * Vite plugin of the shell: `virtual:scrm-module-shares` exports `moduleShares`, a loader per provided
 * module key (every antd component, and each icon a sub-app uses), each a dynamic import so that it is
 * fetched only when a sub-app asks for it; `pickedShares`, for each of PICKED_SHARES an object of the
 * names the sub-apps import (a namespace import would keep the whole package); and `devSubApps`: on the
 * dev server, each sub-app's source by folder (the shell's dev server compiles them, with one React),
 * in a build an empty object.
 */
export function moduleSharesProvider(): Plugin {
  const resolved = `\0${MODULE_SHARES_ID}`;
  let serve = false;
  return {
    name: 'scrm-module-shares',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId: (id) => (id === MODULE_SHARES_ID ? resolved : null),
    load(id) {
      if (id !== resolved) return null;
      const entries = [...providedModuleKeys()].sort().map((key) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(key)}),`);
      const picked = PICKED_SHARES.map((pkg, i) => ({ pkg, names: namesImportedFrom(pkg), local: `picked${i}` }));
      const dev = serve
        ? subAppFolders().map((app) => `  ${JSON.stringify(app)}: () => import(${JSON.stringify(path.join(root, 'apps', app, 'src/app.tsx'))}),`)
        : [];
      return [
        ...picked.map(({ pkg, names, local }) => `import { ${names.map((n) => `${n} as ${local}_${n}`).join(', ')} } from ${JSON.stringify(pkg)};`),
        `export const moduleShares = {\n${entries.join('\n')}\n};`,
        `export const pickedShares = {`,
        ...picked.map(({ pkg, names, local }) => `  ${JSON.stringify(pkg)}: { ${names.map((n) => `${n}: ${local}_${n}`).join(', ')} },`),
        `};`,
        `export const devSubApps = {\n${dev.join('\n')}\n};`,
        '',
      ].join('\n');
    },
  };
}
