// `npm run prod`: the server alone in production mode (SCRM_MODE=production) — no simulator, no
// dependency install, no build. Install (`npm ci`) and build (`npm run build`: the web apps and the
// server bundle) beforehand; the server then refuses to start while anything meant for trying the
// product is configured (no SECRET_KEY, the simulator, the log or simulator SMS provider, debug login,
// the test clock, the simulator's GZH_TOKEN) and lists what is wrong.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root, SERVER_BUNDLE, SERVER_NODE_FLAGS } from './lib.mjs';

const distRoot = path.resolve(process.env.WEB_DIST_ROOT || root);
const missing = [
  !existsSync(path.join(distRoot, 'apps/shell/dist/index.html')) && `前端构建（${path.join(distRoot, 'apps/shell/dist')}）`,
  !existsSync(path.join(root, SERVER_BUNDLE)) && `服务端构建（${SERVER_BUNDLE}）`,
].filter(Boolean);
if (missing.length) {
  console.error(`[scrm] 未找到${missing.join('、')}：请先运行 npm run build`);
  process.exit(1);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, SERVER_BUNDLE)], {
  cwd: root,
  env: { ...process.env, SCRM_MODE: 'production' },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
