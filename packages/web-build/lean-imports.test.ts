// The imports inside antd that the shell's build serves otherwise (lean-imports.ts): the slices keep only
// what their importer uses, each entry still matches antd as installed, and the groups leave out what only
// a lazy part loads.
import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { LEAN_IMPORTS, importTarget, lazyOnly, sliceModule, type LeanImport, type ParseProgram } from './lean-imports';

const nodeModules = path.resolve(import.meta.dirname, '../../node_modules');
const parse: ParseProgram = (code) => parseSync('module.js', code).program as unknown as ReturnType<ParseProgram>;

describe('sliceModule', () => {
  const code = [
    "import * as React from 'react';",
    "import Collapse from '../collapse';",
    "import { Color as RcColor, ColorBlock } from 'color-lib';",
    "import helper, { unused } from './helper';",
    'const ratio = 0.299;',
    'function luminance(c) { return c.r * ratio + helper(c); }',
    'export const isBright = (value) => luminance(new RcColor(value)) > 192;',
    'export function Presets() { return React.createElement(Collapse, null, React.createElement(ColorBlock)); }',
    'Presets.displayName = "Presets";',
    "export { unused as other };",
    "export { Field, List as FieldList } from './field';",
    'export default Presets;',
  ].join('\n');

  it('keeps the named exports, the declarations and imported names they use, and nothing run for its effect', () => {
    expect(sliceModule(code, ['isBright'], parse).split('\n')).toEqual([
      "import { Color as RcColor } from \"color-lib\";",
      'import helper from "./helper";',
      'const ratio = 0.299;',
      'function luminance(c) { return c.r * ratio + helper(c); }',
      'const isBright = (value) => luminance(new RcColor(value)) > 192;',
      'export { isBright };',
      '',
    ]);
  });

  it('re-exports what the module re-exports, and exports an imported name under its exported name', () => {
    expect(sliceModule(code, ['FieldList', 'other'], parse).split('\n')).toEqual([
      'import { unused } from "./helper";',
      'export { unused as other };',
      'export { List as FieldList } from "./field";',
      '',
    ]);
  });

  it('refuses a name the module does not export', () => {
    expect(() => sliceModule(code, ['Missing'], parse)).toThrow('no export named Missing');
  });
});

describe('LEAN_IMPORTS, against antd as installed', () => {
  it.each(LEAN_IMPORTS.map((e) => [`${e.importer} → ${e.source}`, e] as const))('%s is still imported, and sliced without what the entry names', (_name, entry) => {
    const importer = fs.readFileSync(path.join(nodeModules, entry.importer), 'utf8');
    expect(importer).toMatch(new RegExp(`from ['"]${entry.source.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"]`));
    const target = importTarget(entry);
    expect(fs.existsSync(target)).toBe(true);
    if (entry.how !== 'lazy') {
      const slice = sliceModule(fs.readFileSync(target, 'utf8'), entry.how.slice, parse);
      expect(slice).toContain('export');
      expect(slice.length).toBeLessThan(fs.readFileSync(target, 'utf8').length);
    }
  });

  it('serves a button its preset colours without the colour presets panel and Collapse', () => {
    const presets = LEAN_IMPORTS.find((e) => e.importer === 'antd/es/button/style/token.js')!;
    const slice = sliceModule(fs.readFileSync(importTarget(presets), 'utf8'), ['isBright'], parse);
    expect(slice).toContain('const isBright');
    expect(slice).not.toMatch(/collapse|ColorBlock|useToken/);
  });

  it("gives antd's form context the form provider alone, not the form engine", () => {
    const form = LEAN_IMPORTS.find((e) => e.importer === 'antd/es/form/context.js')!;
    const slice = sliceModule(fs.readFileSync(importTarget(form), 'utf8'), ['FormProvider'], parse);
    expect(slice.trim().split('\n')).toEqual(['import { FormProvider } from "./FormContext";', 'export { FormProvider };']);
  });
});

describe('lazyOnly', () => {
  const file = (rel: string) => path.join(nodeModules, rel);
  const entries: LeanImport[] = [{ importer: 'antd/es/input/index.js', source: './Password', how: 'lazy', why: 'test' }];
  const graph: Record<string, { importers: string[]; dynamicImporters: string[] }> = {
    [file('antd/es/input/index.js')]: { importers: ['app.js'], dynamicImporters: [] },
    [file('antd/es/input/Password.js')]: { importers: [], dynamicImporters: ['\0scrm-lazy:password'] },
    [file('antd/es/input/only-password.js')]: { importers: [file('antd/es/input/Password.js')], dynamicImporters: [] },
    [file('antd/es/input/shared.js')]: { importers: [file('antd/es/input/Password.js'), file('antd/es/input/index.js')], dynamicImporters: [] },
    'app.js': { importers: [], dynamicImporters: [] },
  };
  const ctx = { getModuleInfo: (id: string) => graph[id] ?? null };

  it('is true for a lazy part and what only it imports, false for what the page imports too', () => {
    const check = lazyOnly(entries);
    expect(check(file('antd/es/input/Password.js'), ctx)).toBe(true);
    expect(check(file('antd/es/input/only-password.js'), ctx)).toBe(true);
    expect(check(file('antd/es/input/shared.js'), ctx)).toBe(false);
    expect(check(file('antd/es/input/index.js'), ctx)).toBe(false);
  });
});
