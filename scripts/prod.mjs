// `npm run prod`: the server alone in production mode (SCRM_MODE=production) — no simulator, no
// dependency install, no web build. Install (`npm ci`) and build (`npm run build`) beforehand; the
// server then refuses to start while anything meant for trying the product is configured (no
// SECRET_KEY, the simulator, the log or simulator SMS provider, debug login, the test clock, the
// simulator's GZH_TOKEN) and lists what is wrong.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const distRoot = path.resolve(process.env.WEB_DIST_ROOT || root);
if (!existsSync(path.join(distRoot, 'apps/shell/dist/index.html'))) {
  console.error(`[scrm] 未找到前端构建（${path.join(distRoot, 'apps/shell/dist')}）：请先运行 npm run build`);
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  env: { ...process.env, SCRM_MODE: 'production' },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
