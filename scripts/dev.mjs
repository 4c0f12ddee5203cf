// `npm run dev`: the simulator and the server, plus the shell (http://localhost:7001/)
// and every sub-app on its own dev port (7002–7013) with hot reload.
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensureServerBuild, log, root, startChild, startStack } from './lib.mjs';

ensureDependencies();
ensureServerBuild();
const { stop, simToken } = await startStack({ port: 3000, simPort: 3100 });
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const apps = readdirSync(path.join(root, 'apps')).filter((dir) => existsSync(path.join(root, 'apps', dir, 'vite.config.ts')));
const web = apps.map((app) => startChild(app, process.execPath, [vite], {}, path.join(root, 'apps', app)));
for (const child of web) child.on('exit', (code) => log(`a dev server exited (${code})`));
log(`控制台（开发）：http://localhost:7001/   模拟器：http://127.0.0.1:3100/?token=${simToken}`);
const shutdown = () => {
  stop();
  web.forEach((c) => c.kill('SIGTERM'));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
