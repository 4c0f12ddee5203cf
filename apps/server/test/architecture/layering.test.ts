// The server's layering, checked over its import graph (docs: apps/server/README.md, "Layers"):
// a route calls a service, a service calls a repository, a repository owns the SQL.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

/** Known violations still to be removed, as `from → to` (file or folder) with who removes them and why it is still here. */
const ALLOWED: Record<string, string> = {};

/** Folder edges that close a cycle today; each is a back edge to remove. */
const ALLOWED_CYCLE_EDGES: Record<string, string> = {
  // http/types.ts declares what Fastify carries (app.services, request.auth, request.workSpace) with the domains' types.
  'http → services': 'Fastify declaration merging names the Services bag (app.services, read by tests and main.ts)',
  'http → auth': 'request.auth is typed by AuthContext from auth/session.service.ts',
  'http → workspace': 'request.workSpace is typed by WorkSpace from workspace/workspace.repository.ts',
  // wecom/wecom-auth.service.ts (corp authorisation) creates work spaces through WorkSpaceService, and the
  // gateway writes a re-sealed secret back through WorkSpaceRepository.
  'wecom → workspace': 'corp authorisation belongs to the workspace domain (move wecom-auth.service.ts); the gateway could take a rebind callback',
  // SyncService keeps the sync progress through WorkSpaceRepository while WorkSpaceService starts syncs.
  'sync → workspace': 'sync progress should be written through a narrow port handed in by the composition root',
};

type Source = { file: string; text: string; imports: string[] };

function sources(): Source[] {
  const files = (fs.readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).sort();
  return files.map((rel) => {
    const file = rel.split(path.sep).join('/');
    const text = fs.readFileSync(path.join(SRC, rel), 'utf8');
    const imports = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => path.posix.normalize(path.posix.join(path.posix.dirname(file), name)).replace(/\.js$/, '.ts'));
    return { file, text, imports };
  });
}

const isRepository = (f: string) => f.endsWith('.repository.ts');
const isService = (f: string) => f.endsWith('.service.ts');
const isRoute = (f: string) => f.endsWith('.routes.ts');
const isHttp = (f: string) => f.startsWith('http/');
const folderOf = (f: string) => (f.includes('/') ? f.slice(0, f.indexOf('/')) : f.replace(/\.ts$/, ''));

/** A Kysely query builder or raw `sql` in a file's code (comments stripped). */
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(|\bsql\s*(<[^>]*>)?\s*`|\bsql\.(raw|ref|lit|id|join|table|val)\s*\(|import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*'kysely'/;

/** `new SomethingRepository(` — a repository constructed. */
const NEW_REPOSITORY = /\bnew\s+[A-Z]\w*Repository\s*\(/;

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

export function violations(all: Source[]): string[] {
  const out: string[] = [];
  for (const s of all) {
    for (const to of s.imports) {
      if (isRepository(s.file) && (isService(to) || isHttp(to))) out.push(`${s.file} → ${to}`);
      if (isRoute(s.file) && isRepository(to)) out.push(`${s.file} → ${to}`);
    }
    const isSqlHome = isRepository(s.file) || s.file.startsWith('db/');
    if (!isSqlHome && SQL.test(stripComments(s.text))) out.push(`sql in ${s.file}`);
    // Repositories are built once in the composition root (a repository may re-bind itself to a transaction).
    if (!isRepository(s.file) && s.file !== 'services.ts' && NEW_REPOSITORY.test(stripComments(s.text))) out.push(`repository built in ${s.file}`);
  }
  return out;
}

/** Strongly connected groups of folders (two or more) in the folder import graph. */
export function folderCycles(all: Source[], skip: Set<string>): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const s of all) {
    const a = folderOf(s.file);
    if (!edges.has(a)) edges.set(a, new Set());
    for (const to of s.imports) {
      const b = folderOf(to);
      if (a !== b && !skip.has(`${a} → ${b}`)) edges.get(a)!.add(b);
    }
  }
  // Tarjan's algorithm.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!idx.has(v)) visit(v);
  return groups;
}

describe('server layering', () => {
  const all = sources();

  it('reads the whole server source', () => {
    expect(all.length).toBeGreaterThan(50);
    expect(all.some((s) => s.file === 'services.ts')).toBe(true);
  });

  it('repositories import no service or HTTP module, routes no repository, only repositories and db/ build SQL, only services.ts builds repositories', () => {
    const found = violations(all);
    expect(found.filter((v) => !(v in ALLOWED))).toEqual([]);
    // An allowlist entry that no longer matches is stale: remove it.
    expect(Object.keys(ALLOWED).filter((v) => !found.includes(v))).toEqual([]);
  });

  it('no import cycle between server folders', () => {
    expect(folderCycles(all, new Set(Object.keys(ALLOWED_CYCLE_EDGES)))).toEqual([]);
    for (const edge of Object.keys(ALLOWED_CYCLE_EDGES)) {
      expect(folderCycles(all, new Set(Object.keys(ALLOWED_CYCLE_EDGES).filter((e) => e !== edge))), `stale: ${edge}`).not.toEqual([]);
    }
  });

  it('catches a repository that imports a service and a route that builds SQL', () => {
    const bad: Source[] = [
      { file: 'x/x.repository.ts', text: '', imports: ['x/x.service.ts', 'http/errors.ts'] },
      { file: 'x/x.routes.ts', text: "await db.selectFrom('customer').execute()", imports: ['x/x.repository.ts'] },
      { file: 'x/x.service.ts', text: 'const n = sql<number>`count(*)`', imports: [] },
    ];
    expect(violations(bad)).toEqual([
      'x/x.repository.ts → x/x.service.ts',
      'x/x.repository.ts → http/errors.ts',
      'x/x.routes.ts → x/x.repository.ts',
      'sql in x/x.routes.ts',
      'sql in x/x.service.ts',
    ]);
    expect(violations([{ file: 'x/x.service.ts', text: 'this.repo = new XRepository(database);', imports: [] }])).toEqual(['repository built in x/x.service.ts']);
    expect(violations([{ file: 'services.ts', text: 'const repo = new XRepository(database);', imports: [] }])).toEqual([]);
    expect(folderCycles([{ file: 'a/a.ts', text: '', imports: ['b/b.ts'] }, { file: 'b/b.ts', text: '', imports: ['a/a.ts'] }], new Set())).toEqual([['a', 'b']]);
  });
});
