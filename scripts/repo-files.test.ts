// What a fresh clone gets: every source file under apps/ and packages/ is tracked or trackable; and
// e2e specs that start their own stacks never share ports (two specs on one port read each other's SMS).
// An ignore rule written too loosely (e.g. `data/`, which also hid the apps/data sub-app) fails here.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** What .gitignore is for inside the workspaces: install and build output, local secrets. */
const EXPECTED = [/(^|\/)node_modules\//, /(^|\/)dist\//, /\.tsbuildinfo$/, /(^|\/)\.env$/];

function ignored(...paths: string[]): string[] {
  const out = execFileSync('git', ['ls-files', '--others', '--ignored', '--exclude-standard', '--directory', '--', ...paths], {
    cwd: root,
    encoding: 'utf8',
  });
  return out.split('\n').filter(Boolean);
}

describe('git ignore rules', () => {
  it('hide nothing under apps/ or packages/ but install and build output', () => {
    expect(ignored('apps', 'packages').filter((file) => !EXPECTED.some((re) => re.test(file)))).toEqual([]);
  });

  it('still hide the root data directory, build output and local secrets', () => {
    // check-ignore exits 0 when the path would be ignored, 1 when not.
    const check = (file: string) => spawnSync('git', ['check-ignore', '--no-index', '-q', file], { cwd: root }).status === 0;
    expect(check('data/scrm.db')).toBe(true);
    expect(check('apps/shell/dist/index.html')).toBe(true);
    expect(check('.env')).toBe(true);
    expect(check('apps/data/src/app.tsx')).toBe(false);
    expect(check('packages/wecom-sim/data/corp.json')).toBe(false);
  });
});

/** Source files of the web apps and their packages (not the server). */
function webSources(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'apps/*/src/*.tsx', 'apps/*/src/*.ts', 'packages/web-*/src/*.tsx', 'packages/web-*/src/*.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  return out.split('\n').filter((file) => file && !file.startsWith('apps/server/'));
}

describe('web sources', () => {
  it("toast through web-kit's toast, never antd's static message or notification", () => {
    // Those keep a React root of their own that no test cleanup unmounts: its close timer once re-rendered
    // after a file's jsdom was gone and failed the web run. One toast also looks the same everywhere.
    const statics = /import\s*\{[^}]*\b(message|notification)\b[^}]*\}\s*from\s*'antd'/;
    const files = webSources();
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => statics.test(readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });
});

describe('e2e drill stacks', () => {
  it('each spec starts its stack on ports of its own (specs run in parallel workers)', () => {
    const dir = path.join(root, 'e2e', 'specs');
    const owners = new Map<number, string[]>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.spec.ts'))) {
      for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(/startDrillStack\(\{\s*port:\s*(\d+),\s*simPort:\s*(\d+)/g))
        for (const port of [Number(m[1]), Number(m[2])]) owners.set(port, [...(owners.get(port) ?? []), file]);
    }
    expect(owners.size).toBeGreaterThan(0);
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
