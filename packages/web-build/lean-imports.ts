// Imports inside antd that put on the first page code the page never runs, and what the build gives
// those importers instead.
//
// A file the browser loads brings every module its modules import: the build splits files by module, not
// by function. A few of antd's modules import one small helper from a module that also holds a whole
// component, or one name from a package's index that imports everything, and so every page with a button or
// a table fetched antd's form engine, its colour picker, Collapse and Tree; others import a part that renders
// only when a prop asks for it (a table's filter dropdown, Input.Password). Each entry below names one such
// import, and how it is served:
// - `slice`: the importer gets its own copy of the imported module cut down to the names it imports and the
//   declarations and imports those need (sliceModule). For helpers without state (functions, classes, and
//   indexes that re-export from other modules, which stay one instance), so a second copy changes nothing.
// - `lazy`: a component loaded when first rendered (as web-kit's `lazyPart`); the shell's chunk groups leave
//   out what only such a part loads (lazyOnly), so it is fetched when shown.
// Matched by the importer's path under node_modules and the import's exact text; the build fails when an
// entry matches nothing (antd moved the code), so an upgrade cannot undo this unseen. apps/shell/README.md,
// "The first page after login loads only what it shows", has the figures.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface LeanImport {
  /** The importing module, under node_modules (`antd/es/radio/group.js`). */
  importer: string;
  /** The import's text in that module. */
  source: string;
  /** The import in the importer's slice (made by an entry above), not in the module itself. */
  inSlice?: true;
  /**
   * `slice`: the names the importer imports from it; `lazy`: its default export is a component to load when
   * first rendered (with `slice`, the importer's other names come from a slice).
   */
  how: { slice: string[]; lazy?: true } | 'lazy';
  /** What the importer uses, and what the whole import would bring. */
  why: string;
}

export const LEAN_IMPORTS: LeanImport[] = [
  {
    importer: 'antd/es/radio/group.js',
    source: '../form/hooks/useForm',
    how: { slice: ['toNamePathStr'] },
    why: 'a radio group names itself after its form field; the module also holds useForm, and with it the form engine and its validator',
  },
  {
    importer: 'antd/es/form/context.js',
    source: '@rc-component/form',
    how: { slice: ['FormProvider'] },
    why: "the form provider; the package's index imports the whole form engine",
  },
  {
    importer: 'antd/es/button/style/token.js',
    source: '../../color-picker/components/ColorPresets',
    how: { slice: ['isBright'] },
    why: "a button's preset colours; the module also holds the colour presets panel, and with it Collapse",
  },
  {
    importer: 'antd/es/tag/style/index.js',
    source: '../../color-picker/components/ColorPresets',
    how: { slice: ['isBright'] },
    why: "a tag's preset colours (as the button's)",
  },
  {
    importer: 'antd/es/color-picker/components/ColorPresets.js',
    source: '@rc-component/color-picker',
    inSlice: true,
    how: { slice: ['Color'] },
    why: "isBright's colour class (through the slices above); the package's index imports the colour picker",
  },
  {
    importer: 'antd/es/color-picker/color.js',
    source: '@rc-component/color-picker',
    how: { slice: ['Color'] },
    why: 'the colour class behind a button or tag colour (as above)',
  },
  {
    importer: 'antd/es/color-picker/util.js',
    source: '@rc-component/color-picker',
    how: { slice: ['Color'] },
    why: "a tooltip's colour (as above)",
  },
  {
    importer: 'antd/es/table/hooks/useSelection.js',
    source: '@rc-component/tree',
    how: { slice: ['arrAdd', 'arrDel', 'conductCheck', 'convertDataToEntities'] },
    why: "a table's row selection; the package's index imports Tree",
  },
  {
    importer: '@rc-component/tree/es/index.js',
    source: './util',
    inSlice: true,
    how: { slice: ['arrAdd', 'arrDel'] },
    why: 'row selection again, through the slice above; the module also imports TreeNode',
  },
  {
    importer: 'antd/es/table/hooks/useFilter/FilterDropdown.js',
    source: '../../../tree',
    how: 'lazy',
    why: "only a column filter in tree mode renders Tree, and every table imports the filter's dropdown",
  },
  {
    importer: 'antd/es/table/hooks/useFilter/index.js',
    source: './FilterDropdown',
    how: { lazy: true, slice: ['flattenKeys'] },
    why: 'only a column with filters renders the filter dropdown',
  },
  {
    importer: 'antd/es/table/InternalTable.js',
    source: './RcTable/VirtualTable',
    how: 'lazy',
    why: 'only a table with `virtual` set renders the virtual table',
  },
  {
    importer: 'antd/es/input/index.js',
    source: './OTP',
    how: 'lazy',
    why: 'Input.OTP, a one-time-code input',
  },
  {
    importer: 'antd/es/input/index.js',
    source: './TextArea',
    how: 'lazy',
    why: 'Input.TextArea, which forms render',
  },
  {
    importer: 'antd/es/input/index.js',
    source: './Password',
    how: 'lazy',
    why: 'Input.Password, which the settings pages render',
  },
  {
    importer: 'antd/es/badge/index.js',
    source: './Ribbon',
    how: 'lazy',
    why: 'Badge.Ribbon',
  },
  {
    importer: 'antd/es/typography/Base/index.js',
    source: '../Editable',
    how: 'lazy',
    why: 'the editor of a Typography with `editable`, shown while editing',
  },
];

const SLICE = '?scrm-slice=';
const LAZY = '\0scrm-lazy:';

const realPath = (id: string) => id.replace(/^\0scrm-lazy:/, '').replace(/\?.*$/, '');

/** The entry for an import of `source` in module `importer` (an id: a path, or a slice of one). */
function entryFor(entries: LeanImport[], source: string, importer: string | undefined): LeanImport | undefined {
  if (!importer) return undefined;
  const file = realPath(importer).replace(/\\/g, '/');
  const inSlice = importer.includes(SLICE);
  return entries.find((e) => e.source === source && !!e.inSlice === inSlice && file.endsWith(`/node_modules/${e.importer}`));
}

/** A node of the syntax tree the bundler's parser gives (ESTree, with offsets). */
export interface SyntaxNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Parses a module into its top-level statements. */
export type ParseProgram = (code: string) => { body: SyntaxNode[] };

/** Every identifier name in a node's subtree (more than it refers to; a slice may keep a little extra). */
function namesIn(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) namesIn(n, out);
  else if (node && typeof node === 'object') {
    const n = node as SyntaxNode;
    if (n.type === 'Identifier' && typeof n.name === 'string') out.add(n.name);
    for (const [key, value] of Object.entries(n)) if (key !== 'type' && value && typeof value === 'object') namesIn(value, out);
  }
  return out;
}

const nameOf = (n: unknown) => (n as { name?: string; value?: string }).name ?? String((n as { value?: string }).value);

/** The declaration a top-level statement makes: itself, or what an `export` wraps (none for `export { … }`). */
const declarationOf = (stmt: SyntaxNode): SyntaxNode | null =>
  stmt.type === 'ExportNamedDeclaration' || stmt.type === 'ExportDefaultDeclaration' ? ((stmt.declaration as SyntaxNode | null) ?? null) : stmt;

/**
 * The module `code` cut down to the exports `names`: the top-level declarations they need, the imports
 * those use (only their used names), and re-exports; statements run for their effect are left out.
 */
export function sliceModule(code: string, names: string[], parse: ParseProgram): string {
  const body = parse(code).body;
  const text = (n: SyntaxNode) => code.slice(n.start, n.end);
  /** Local binding → the statement that declares it (an import, or a declaration). */
  const declared = new Map<string, SyntaxNode>();
  /** Exported name → local binding, or a re-export `{ from, imported }`. */
  const exported = new Map<string, string | { from: string; imported: string }>();
  for (const stmt of body) {
    const decl = declarationOf(stmt);
    if (stmt.type === 'ImportDeclaration') {
      for (const s of stmt.specifiers as SyntaxNode[]) declared.set(nameOf(s.local), stmt);
    } else if (stmt.type === 'ExportNamedDeclaration' && stmt.source) {
      for (const s of stmt.specifiers as SyntaxNode[]) exported.set(nameOf(s.exported), { from: String((stmt.source as SyntaxNode).value), imported: nameOf(s.local) });
    } else if (stmt.type === 'ExportNamedDeclaration' && !decl) {
      for (const s of stmt.specifiers as SyntaxNode[]) exported.set(nameOf(s.exported), nameOf(s.local));
    }
    if (decl && decl.type !== 'ImportDeclaration') {
      const ids: string[] =
        decl.type === 'VariableDeclaration'
          ? (decl.declarations as SyntaxNode[]).flatMap((d) => [...namesIn(d.id)])
          : decl.id
            ? [nameOf(decl.id)]
            : [];
      for (const id of ids) {
        declared.set(id, decl);
        if (stmt.type === 'ExportNamedDeclaration') exported.set(id, id);
      }
    }
  }
  const keptImports = new Map<SyntaxNode, Set<string>>();
  const keptDecls = new Set<SyntaxNode>();
  const reexports: string[] = [];
  const locals: string[] = [];
  const queue: string[] = [];
  for (const name of names) {
    const target = exported.get(name);
    if (target === undefined) throw new Error(`web-build: the module has no export named ${name}`);
    if (typeof target === 'string') {
      locals.push(target === name ? name : `${target} as ${name}`);
      queue.push(target);
    } else reexports.push(`export { ${target.imported === name ? name : `${target.imported} as ${name}`} } from ${JSON.stringify(target.from)};`);
  }
  const seen = new Set<string>();
  while (queue.length) {
    const local = queue.pop()!;
    if (seen.has(local)) continue;
    seen.add(local);
    const stmt = declared.get(local);
    if (!stmt) continue; // a global
    if (stmt.type === 'ImportDeclaration') {
      if (!keptImports.has(stmt)) keptImports.set(stmt, new Set());
      keptImports.get(stmt)!.add(local);
    } else if (!keptDecls.has(stmt)) {
      keptDecls.add(stmt);
      for (const id of namesIn(stmt)) queue.push(id);
    }
  }
  const imports = [...keptImports].map(([stmt, used]) => {
    const specs = (stmt.specifiers as SyntaxNode[]).filter((s) => used.has(nameOf(s.local)));
    const def = specs.find((s) => s.type === 'ImportDefaultSpecifier');
    const ns = specs.find((s) => s.type === 'ImportNamespaceSpecifier');
    const named = specs.filter((s) => s.type === 'ImportSpecifier').map((s) => (nameOf(s.imported) === nameOf(s.local) ? nameOf(s.local) : `${nameOf(s.imported)} as ${nameOf(s.local)}`));
    const clause = [def && nameOf(def.local), ns && `* as ${nameOf(ns.local)}`, named.length ? `{ ${named.join(', ')} }` : undefined].filter(Boolean).join(', ');
    return `import ${clause} from ${JSON.stringify((stmt.source as SyntaxNode).value)};`;
  });
  const decls = body.flatMap((stmt) => {
    const decl = declarationOf(stmt);
    return decl && keptDecls.has(decl) ? [text(decl)] : [];
  });
  return [...imports, ...decls, ...(locals.length ? [`export { ${locals.join(', ')} };`] : []), ...reexports, ''].join('\n');
}

/** What a chunk group's `name(id, ctx)` can read of the module graph. */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

const nodeModules = path.resolve(import.meta.dirname, '../../node_modules');

/**
 * The file an entry's import points at, read from node_modules (a relative path, or a package's ES index):
 * what the lazy entries load, and what the tests slice.
 */
export function importTarget(entry: LeanImport): string {
  const base = entry.source.startsWith('.') ? path.join(nodeModules, path.dirname(entry.importer), entry.source) : path.join(nodeModules, entry.source, 'es/index');
  const file = [`${base}.js`, path.join(base, 'index.js')].find((f) => fs.existsSync(f));
  if (!file) throw new Error(`web-build: LEAN_IMPORTS: ${entry.importer} imports '${entry.source}', which is not a file`);
  return file;
}

/**
 * A test for the shell's chunk groups: whether a module is loaded only through the lazy entries (their
 * files, and the modules only those import). A group that captured such a module would fetch it with the
 * group, and the part would no longer wait until it is shown.
 */
export function lazyOnly(entries: LeanImport[] = LEAN_IMPORTS): (id: string, ctx: ModuleGraph) => boolean {
  const targets = new Set(entries.filter((e) => e.how === 'lazy' || e.how.lazy).map(importTarget));
  const memo = new Map<string, boolean>();
  const check = (id: string, ctx: ModuleGraph): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    memo.set(id, false); // a cycle decides nothing
    const info = ctx.getModuleInfo(id);
    const result =
      !!info &&
      (targets.has(realPath(id)) || (info.dynamicImporters.length === 0 && info.importers.length > 0)) &&
      info.importers.every((importer) => check(importer, ctx));
    memo.set(id, result);
    return result;
  };
  return check;
}

/** Vite plugin of the shell's production build: serves the imports of LEAN_IMPORTS as they say. */
export function leanImports(entries: LeanImport[] = LEAN_IMPORTS): Plugin {
  const used = new Set<LeanImport>();
  return {
    name: 'scrm-lean-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      used.clear();
    },
    async resolveId(source, importer) {
      if (source.includes(SLICE)) return source; // a lazy entry's slice
      const entry = entryFor(entries, source, importer);
      if (entry) {
        const target = await this.resolve(source, realPath(importer!), { skipSelf: true });
        if (!target) return null;
        used.add(entry);
        const file = realPath(target.id);
        if (entry.how === 'lazy') return `${LAZY}${file}`;
        return entry.how.lazy ? `${LAZY}${file}${SLICE}${entry.how.slice.join(',')}` : `${file}${SLICE}${entry.how.slice.join(',')}`;
      }
      // A slice's own imports resolve from the file it copies.
      if (importer?.includes(SLICE)) return (await this.resolve(source, realPath(importer), { skipSelf: true })) ?? null;
      return null;
    },
    load(id) {
      if (id.startsWith(LAZY)) {
        const slice = id.slice(LAZY.length).replace(/^[^?]*/, '');
        // What web-kit's lazyPart does, written out: this module sits in antd's files, and an import of
        // web-kit would draw web-kit into them (and them onto the guest path).
        return [
          "import { createElement, lazy, Suspense } from 'react';",
          `const Part = lazy(() => import(${JSON.stringify(realPath(id))}));`,
          'export default function LazyPart(props) { return createElement(Suspense, { fallback: null }, createElement(Part, props)); }',
          ...(slice ? [`export * from ${JSON.stringify(realPath(id) + slice)};`] : []),
          '',
        ].join('\n');
      }
      const slice = id.indexOf(SLICE);
      if (slice >= 0) {
        const names = id.slice(slice + SLICE.length).split(',');
        return { code: sliceModule(fs.readFileSync(realPath(id), 'utf8'), names, (code) => this.parse(code) as unknown as ReturnType<ParseProgram>), moduleSideEffects: false };
      }
      return null;
    },
    buildEnd(error) {
      if (error) return;
      const unused = entries.filter((e) => !used.has(e));
      if (unused.length) {
        throw new Error(
          `web-build: these imports of LEAN_IMPORTS (packages/web-build/lean-imports.ts) are no longer in the build; update the list:\n${unused
            .map((e) => `  ${e.importer}: '${e.source}'`)
            .join('\n')}`,
        );
      }
    },
  };
}
