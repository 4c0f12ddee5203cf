// antd's style functions left out of the shell's build.
//
// Each antd component makes its style hook with `genStyleHooks(name, styleFn, prepareToken, options)` (or
// genComponentStyleHook / genSubStyleComponent): `styleFn` builds the component's CSS from the theme's
// tokens, in the browser, on first use. The console sets `theme.zeroRuntime` (apps/shell/src/antd-provider.tsx)
// and takes antd's styles from antd's stylesheet, so no `styleFn` ever runs there. The build passes each hook
// a function that returns no styles instead, and the bundler leaves out the style code that only those
// functions used (antd's modules say they have no side effects). `prepareToken` stays: the hooks still set
// each component's CSS variables from it. The dev server and the tests keep antd as installed.
import type { Plugin } from 'vite';
import type { SyntaxNode } from './lean-imports';

/** antd's makers of style hooks; the style function is each one's second argument. */
const HOOK_MAKERS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
const MAKER_CALL = /\bgen(StyleHooks|ComponentStyleHook|SubStyleComponent)\(/;
const NO_STYLES = '() => []';

/** The style functions passed to antd's hook makers in a module's syntax tree. */
export function styleFunctionsIn(node: unknown, out: SyntaxNode[] = []): SyntaxNode[] {
  if (Array.isArray(node)) for (const n of node) styleFunctionsIn(n, out);
  else if (node && typeof node === 'object') {
    const n = node as SyntaxNode;
    const callee = n.callee as SyntaxNode | undefined;
    const args = n.arguments as SyntaxNode[] | undefined;
    if (n.type === 'CallExpression' && callee?.type === 'Identifier' && HOOK_MAKERS.has(callee.name as string) && args && args.length >= 2) {
      out.push(args[1]);
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'type' && value && typeof value === 'object') styleFunctionsIn(value, out);
  }
  return out;
}

/** `code` with every style function given to a hook maker replaced by one that returns no styles. */
export function withoutStyleFunctions(code: string, parse: (code: string) => unknown): string {
  const found = styleFunctionsIn(parse(code)).sort((a, b) => b.start - a.start);
  let out = code;
  for (const fn of found) out = `${out.slice(0, fn.start)}${NO_STYLES}${out.slice(fn.end)}`;
  return out;
}

/**
 * Vite plugin of the shell's production build: antd's modules without their style functions. The build
 * fails when none was found (antd changed how it makes its hooks), so an upgrade cannot bring them back unseen.
 */
export function antdStylesOut(): Plugin {
  let replaced = 0;
  return {
    name: 'scrm-antd-styles-out',
    apply: 'build',
    buildStart() {
      replaced = 0;
    },
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]antd[\\/]es[\\/].+\.js$/.test(id) || !MAKER_CALL.test(code)) return null;
      const out = withoutStyleFunctions(code, (c) => this.parse(c));
      if (out === code) return null;
      replaced += 1;
      return { code: out, map: null };
    },
    buildEnd(error) {
      if (!error && replaced === 0) throw new Error('web-build: no style function of antd was found (packages/web-build/antd-styles.ts); antd changed how it makes its style hooks');
    },
  };
}
