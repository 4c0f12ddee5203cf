// web-kit/ui is bundled into each sub-app. Module Federation resolves a package's imports of itself to
// a local copy, so ui must not reach the stateful singletons (store, HTTP client, toasts) that way.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(new URL(import.meta.url).pathname);

describe('web-kit/ui imports', () => {
  it('imports only pure helpers of web-kit, by relative path', () => {
    for (const file of fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      const specifiers = [...source.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]);
      expect(specifiers.filter((s) => s === '@scrm/web-kit' || /^\.\.\/(store|http|toast|action|auth-guard|index)$/.test(s)), file).toEqual([]);
    }
  });
});
