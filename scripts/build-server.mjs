// Builds the server into one ES module, apps/server/dist/main.mjs, with esbuild: what `npm run prod`,
// `npm start`, `npm run demo`, the benches and the e2e suite run. Under tsx the server idled at
// 200–235 MB RSS (the TypeScript loader and its caches); the bundle starts faster and idles lower.
// The WeCom simulator is built beside it (packages/wecom-sim/dist/main.mjs) for the same launchers: under
// tsx it took about a second of CPU to start, and the e2e suite starts one for each drill's stack.
// The workspace packages (@scrm/*: TypeScript sources) are bundled in; every npm package stays an
// import from node_modules (native addons, and packages that read their own files at run time).
// The server's own tests (vitest) still load the sources.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'apps/server/dist/main.mjs');
export const simBundle = path.join(root, 'packages/wecom-sim/dist/main.mjs');

/** npm packages stay external; relative imports and the workspace's own packages are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@scrm/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const bundle = (entry, outfile) =>
  build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The map is written beside the bundle, not loaded: NODE_OPTIONS=--enable-source-maps maps a stack trace.
    sourcemap: 'linked',
    plugins: [externalPackages],
    logLevel: 'warning',
  });

export async function buildServer() {
  const started = Date.now();
  // config.ts finds the repository from its own URL ('../../../'): apps/server/dist/ is as deep as src/.
  await Promise.all([bundle('apps/server/src/main.ts', serverBundle), bundle('packages/wecom-sim/src/main.ts', simBundle)]);
  return Date.now() - started;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const ms = await buildServer();
    console.log(`[scrm] built the server (${path.relative(root, serverBundle)}) and the simulator (${path.relative(root, simBundle)}) in ${(ms / 1000).toFixed(1)} s`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
