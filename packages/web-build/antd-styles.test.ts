// antd's style functions left out of the shell's build (antd-styles.ts): each hook maker gets a function
// that returns no styles, its token preparation stays, and every maker call in antd as installed is found.
import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { styleFunctionsIn, withoutStyleFunctions } from './antd-styles';
import { filesUnder } from './shared';

const antdEs = path.resolve(import.meta.dirname, '../../node_modules/antd/es');
const parse = (code: string) => parseSync('module.js', code).program;

describe('withoutStyleFunctions', () => {
  it('replaces the style function of each maker and keeps its name, token preparation and options', () => {
    const code = [
      "import { genStyleHooks, genSubStyleComponent, mergeToken } from '../../theme/internal';",
      "import { genFocusStyle } from '../../style';",
      'const genCompactStyle = (token) => ({ [token.componentCls]: genFocusStyle(token) });',
      'export const prepareComponentToken = (token) => ({ paddingInline: token.padding });',
      "export const Compact = genSubStyleComponent(['Button', 'compact'], genCompactStyle, prepareComponentToken);",
      "export default genStyleHooks('Button', (token) => { const t = mergeToken(token, {}); return [genFocusStyle(t)]; }, prepareComponentToken, { unitless: { fontWeight: true } });",
    ].join('\n');
    const out = withoutStyleFunctions(code, parse).split('\n');
    expect(out[4]).toBe("export const Compact = genSubStyleComponent(['Button', 'compact'], () => [], prepareComponentToken);");
    expect(out[5]).toBe("export default genStyleHooks('Button', () => [], prepareComponentToken, { unitless: { fontWeight: true } });");
    expect(out.slice(0, 4)).toEqual(code.split('\n').slice(0, 4));
  });

  it('leaves a module that makes no style hook as it is', () => {
    const code = "import { genStyleHooks } from './x';\nexport const a = (b) => genStyleHooks;\n";
    expect(withoutStyleFunctions(code, parse)).toBe(code);
  });

  it('finds a style function in every antd module that calls a maker (none is made another way)', () => {
    let calls = 0;
    let found = 0;
    for (const file of filesUnder(antdEs, (name) => name.endsWith('.js'))) {
      const code = fs.readFileSync(file, 'utf8');
      const n = (code.match(/\bgen(StyleHooks|ComponentStyleHook|SubStyleComponent)\(/g) ?? []).length;
      if (!n) continue;
      calls += n;
      found += styleFunctionsIn(parse(code)).length;
      expect(withoutStyleFunctions(code, parse).split('() => []').length - 1).toBeGreaterThanOrEqual(n);
    }
    expect(calls).toBeGreaterThan(50);
    expect(found).toBe(calls);
  });
});
